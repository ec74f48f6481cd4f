/** Every kind edited in the browser, with its handler (ADR 157, 167, 168): the list the authoring service is built with. */
import type { KindHandler } from './kind';
import { articleHandler } from './articles';
import { courseHandler } from './courses';
import { libraryHandlers } from './documents';
import { homeHandlers } from './home';
import { workshopHandler } from './workshops';

/** `imagesDir`: the content folder's pictures, where a course's lesson figures are found. */
export function authoringHandlers(imagesDir: string): KindHandler[] {
  return [articleHandler, ...libraryHandlers, ...homeHandlers, workshopHandler, courseHandler(imagesDir)] as KindHandler[];
}
