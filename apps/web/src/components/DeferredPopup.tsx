// A menu or popover whose code (Radix's, with its positioning engine) loads on first use, so that none
// of it is on a guest's way into the room (issue 15: the room route under 250 kB). Until then the
// trigger stands alone, with the same look and name: pointing at it or focusing it starts the download,
// a click loads the popup and opens it at once (the popup takes the focus as it opens, and gives it back
// to its own trigger when it closes).
import { type ButtonHTMLAttributes, type ReactElement, type Ref, Suspense, useState } from 'react';

/** A popup's trigger: a button that takes the popup's props and ref (Radix's `asChild` passes them). */
export type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement> | undefined;
};

export type StandInProps = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'onPointerEnter' | 'onFocus' | 'aria-busy'
>;

type DeferredPopupProps = {
  /** Starts loading the popup's code (a module import: the browser fetches it once). */
  preload(): void;
  /** The trigger without its popup, given the props that bring the popup in. */
  standIn(props: StandInProps): ReactElement;
  /** Called as the popup is wanted (a click on the stand-in), before it shows. */
  onWanted?: (() => void) | undefined;
  /** The popup with its trigger, rendered open once wanted (a React.lazy component). */
  children: ReactElement;
};

export function DeferredPopup({ preload, standIn, onWanted, children }: DeferredPopupProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return standIn({
      onClick: () => {
        onWanted?.();
        setWanted(true);
      },
      onPointerEnter: preload,
      onFocus: preload,
    });
  }
  return <Suspense fallback={standIn({ 'aria-busy': true })}>{children}</Suspense>;
}
