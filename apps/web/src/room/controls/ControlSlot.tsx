// A control of the bar with the place for what went wrong with it, shown just above it.
import type { ReactNode } from 'react';

export function ControlSlot({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <div className="control-slot">
      {children}
      {error !== null && (
        <p className="control-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
