/** The row actions of the admin tables. */
import { Button } from '@marketplace/ui';

/** Edit and delete buttons of a row; `name` makes their accessible names unique (e.g. "Edit KA-01"). */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="adm:flex adm:gap-2">
      {onEdit ? (
        <Button
          variant="secondary"
          className="adm:px-3 adm:py-1"
          onClick={onEdit}
          aria-label={`Edit ${name}`}
        >
          Edit
        </Button>
      ) : null}
      <Button variant="danger" className="adm:px-3 adm:py-1" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}
