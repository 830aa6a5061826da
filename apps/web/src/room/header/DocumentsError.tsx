// The documents popover's error line: what went wrong with a list or its last action, under it;
// nothing while all is well.
export function DocumentsError({ error }: { error: string | null }) {
  if (error === null) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}
