// A <video> showing a MediaStream. Always muted: the room's sound is played by the media layer (so it
// goes on while the tile column is folded), and one's own microphone must never be heard back.
import { useEffect, useRef } from 'react';

type StreamVideoProps = {
  stream: MediaStream | null;
  testId: string;
  className?: string;
  /** Mirrors one's own camera, as a mirror would; others are shown as they are. */
  mirrored?: boolean;
  label: string;
};

export function StreamVideo({ stream, testId, className, mirrored = false, label }: StreamVideoProps) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (element === null || element.srcObject === stream) return;
    element.srcObject = stream;
    if (stream !== null) {
      element.play().catch(() => {
        // Muted video may always autoplay; a refusal here only means the element was replaced meanwhile.
      });
    }
  }, [stream]);

  return (
    <video
      ref={video}
      className={className}
      data-testid={testId}
      data-mirrored={mirrored}
      aria-label={label}
      autoPlay
      playsInline
      muted
    />
  );
}
