/** The home page's courses carousel slot. Built by the learning-library work. */
export default function CoursesCarousel() {
  return null;
}
