// A lab's decorative picture (its header image on the guest's event pages, its waiting-room image in
// the waiting room): shown across the card, cropped to a band, with no text over it so the page's
// contrast stays the lab's colours'; alt="" since it says nothing the page does not. Absent, nothing.
import './labBanner.css';

export function LabBanner({ url, testId }: { url: string | null; testId: string }) {
  if (url === null) return null;
  return <img className="lab-banner" src={url} alt="" decoding="async" data-testid={testId} />;
}
