/** Previous / next buttons for a paged table, with the page number announced. */
export function Pager({
  label,
  page,
  previous,
  next,
}: {
  label: string;
  page: number;
  previous: (() => void) | null;
  next: (() => void) | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" class="secondary" disabled={!previous} onClick={() => previous?.()}>
        Previous page
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" class="secondary" disabled={!next} onClick={() => next?.()}>
        Next page
      </button>
    </nav>
  );
}
