// slick-carousel's slick.css sets `cursor: hand` after `cursor: pointer`, for Internet Explorer 5. 'hand' is no CSS
// cursor value, and the Nu HTML checker refuses it where the server inlines a page's styles (ADR 162): the declaration
// is dropped, and the `cursor: pointer` before it stays.
module.exports = function standardCursorLoader(source) {
  return source.replace(/^[ \t]*cursor:[ \t]*hand;[ \t]*\r?\n/gm, '');
};
