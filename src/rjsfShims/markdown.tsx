// Stands in for markdown-to-jsx inside @rjsf/core (vite.config.ts swaps it in for the build): rjsf renders Markdown
// only for descriptions and help that opt in (`enableMarkdownInDescription`, `enableMarkdownInHelp`, never set by
// the engine) and for its own messages about a schema it cannot draw. Those show as plain text here; the parser
// was a quarter of the form's code (24 KiB brotli).
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <span>{children}</span>;
}
