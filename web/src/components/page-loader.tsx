/** Shown in place of a screen while its code loads. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__dot" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
