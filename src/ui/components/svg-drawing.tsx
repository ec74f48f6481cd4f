/**
 * A drawing from the domain (a tree of SVG shapes, src/domain/quiz-cards.ts) drawn inline: no request, no image
 * document of its own, and it paints in the same frame as the words around it (ADR 122). React writes the words, so
 * they are escaped as any text is.
 */
import { createElement, type ReactNode } from 'react';
import type { SvgDrawing as Drawing, SvgNode } from '../../domain/quiz-cards';

function shape(node: SvgNode, key: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.text ?? node.children?.map(shape));
}

/**
 * The drawing as an image with its title for its name, or hidden from screen readers when it is `decorative` (what it
 * says is said next to it). CSS may scale it: the viewBox keeps its proportions.
 */
export function SvgDrawing({ drawing, className, decorative = false }: { drawing: Drawing; className?: string; decorative?: boolean }) {
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      width={drawing.width}
      height={drawing.height}
      viewBox={`0 0 ${drawing.width} ${drawing.height}`}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : drawing.title}
      aria-hidden={decorative || undefined}
    >
      {drawing.nodes.map(shape)}
    </svg>
  );
}
