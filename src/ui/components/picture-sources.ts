/**
 * The sources of a cover picture (issue 38 item 3): a picture an editor uploaded is offered at each width the upload
 * kept (src/domain/uploads.ts), so a phone or a card takes the 480 px file, not the 1600 px one; an imported picture
 * has one file and keeps its `src` alone.
 */
import { uploadedSrcset } from '../../domain/uploads';

/** How wide each place shows a cover: the `sizes` its `srcset` is read with. */
export const COVER_SIZES = {
  /** A card in a grid of cards at least 290 px wide (articles, the home page's latest, the library). */
  card: '(max-width: 640px) 100vw, 400px',
  /** The page of one article, case study or workshop: a column of at most 780 px. */
  page: '(max-width: 820px) 100vw, 780px',
  /** The featured article: the wider of two columns, the whole width on a phone. */
  featured: '(max-width: 900px) 100vw, 640px',
  /** A landing slide's picture, 480 px wide at most. */
  slide: '(max-width: 520px) 100vw, 480px',
} as const;

export function coverSources(url: string, sizes: keyof typeof COVER_SIZES): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = uploadedSrcset(url);
  return srcSet ? { src: url, srcSet, sizes: COVER_SIZES[sizes] } : { src: url };
}
