import type { MouseEvent } from 'react';

/** Moves keyboard focus past the header; handled here so the router never sees a #main navigation. */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${targetId}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
