/** A react-aria checkbox drawn as the product's box with a tick; the label is its children. */
import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps } from 'react-aria-components';
import './checkbox.css';

export function Checkbox({ children, className, ...props }: Omit<CheckboxProps, 'children' | 'className'> & { children: ReactNode; className?: string }) {
  return (
    <AriaCheckbox className={className ? `checkbox ${className}` : 'checkbox'} {...props}>
      {({ isSelected }) => (
        <>
          <span className="checkbox__box" aria-hidden="true">
            {isSelected && (
              <svg viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                <polyline points="2 9 7 14 16 4" />
              </svg>
            )}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
