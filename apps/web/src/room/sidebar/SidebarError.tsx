// What went wrong in a sidebar tab, announced where it happened; nothing while all is well.
type SidebarErrorProps = {
  error: string | null;
  id?: string;
  testId?: string;
  /** A place's own class beside the sidebar's (`viewer-error`). */
  className?: string;
};

export function SidebarError({ error, id, testId, className }: SidebarErrorProps) {
  if (error === null) return null;
  return (
    <p
      id={id}
      className={className === undefined ? 'sidebar-error' : `sidebar-error ${className}`}
      role="alert"
      data-testid={testId}
    >
      {error}
    </p>
  );
}
