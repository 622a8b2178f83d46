/** Loading an admin list. */
import { useCallback, useEffect, useState } from 'react';

/** Loads a list with `load` whenever `deps` change; `reload` refreshes it after a write. */
export function useList<T>(load: () => Promise<T[]>, deps: unknown[]) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((list) => {
        if (live) setRows(list);
      })
      .catch(() => {
        if (live) setRows([]);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, loading, reload };
}
