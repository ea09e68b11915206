import { toast } from '../../stores/toast.store';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Shares the current page: the device's share sheet where there is one, else the link is copied
 * (spec: "Link copied to clipboard" / "Failed to copy link").
 */
export async function shareCurrentPage(title: string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (isAbort(error)) return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied to clipboard');
  } catch {
    toast.error('Failed to copy link');
  }
}
