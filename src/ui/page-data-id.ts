/** The id of the `<script type="application/json">` that carries a server-drawn page's data (ADR 100). */
export const PAGE_DATA_ID = 'sl-data';
