/** The in-app paths the machines navigate to (src/ui/routes.ts builds its links from these too). No dependencies. */
export const lessonPath = (courseId: string, lessonId: string) =>
  `/courses/view/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
