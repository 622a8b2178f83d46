import { describe, expect, it } from 'vitest';
import { startFloorServer } from '../machine-floor';

describe('startFloorServer', () => {
  it('answers every path with the same 1 KiB on loopback until closed', async () => {
    const floor = await startFloorServer();
    expect(floor.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const path of ['/', '/healthz', '/api/cars/1/similar']) {
      const res = await fetch(`${floor.origin}${path}`);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(1024);
    }
    await floor.stop();
    await expect(fetch(floor.origin)).rejects.toThrow();
  });
});
