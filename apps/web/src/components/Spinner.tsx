// A small spinning ring; decorative, so screen readers hear the text that goes with it instead.
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}
