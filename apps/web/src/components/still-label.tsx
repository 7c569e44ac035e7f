/**
 * The words beside a spinner that has nothing else to say, shown only when the system asks for reduced
 * motion (app/reduced-motion.css): the spinner then stands still, and a still ring alone does not say it
 * is busy. Hidden from assistive technology, which reads the spinner's own name.
 */
export function StillLabel({ text }: { text: string }) {
  return (
    <span aria-hidden className="visus-still-label" data-testid="still-loading-label">
      {text}…
    </span>
  );
}
