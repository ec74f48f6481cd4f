/** A postal address as its lines, each on its own line. */
import { Fragment } from 'react';

export function AddressLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <Fragment key={line}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}
