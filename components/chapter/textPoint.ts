/** Where a reader tapped in a chapter's text: a paragraph and a character of it. */
export interface InspectTarget {
  paragraph: number;
  offset: number;
}

/** An ask to the word inspector: open at a tapped point, or (no target) put focus on the first word. */
export interface InspectRequest {
  id: number;
  target: InspectTarget | null;
}

type CaretDocument = Document & {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
};

/**
 * The paragraph and character under a click or tap in plain chapter text (a paragraph is one text
 * node); null when it is not on a paragraph, or the reader was selecting text.
 */
export function pointInText(event: { target: EventTarget | null; clientX: number; clientY: number }): InspectTarget | null {
  const element = event.target instanceof Element ? event.target.closest('[data-paragraph]') : null;
  if (!element || !window.getSelection()?.isCollapsed) return null;
  const paragraph = Number(element.getAttribute('data-paragraph'));
  const caret = document as CaretDocument;
  const position = caret.caretPositionFromPoint?.(event.clientX, event.clientY);
  const range = position ? null : caret.caretRangeFromPoint?.(event.clientX, event.clientY);
  const node = position?.offsetNode ?? range?.startContainer;
  const offset = position?.offset ?? range?.startOffset ?? 0;
  return Number.isInteger(paragraph) ? { paragraph, offset: node && element.contains(node) ? offset : 0 } : null;
}
