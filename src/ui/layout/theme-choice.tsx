/**
 * The theme controls (issue 41 item 11, ADR 165): 'System', 'Light' and 'Dark', in the footer (a react-aria radio
 * group: arrow keys move the choice) and in the avatar menu (a radix radio group, `AvatarThemeItems`). Both send the
 * choice to the theme machine, which keeps it in the cookie the server reads and shows it at once.
 */
import { useSelector } from '@xstate/react';
import { DropdownMenu } from 'radix-ui';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { isThemeChoice, THEME_CHOICES, THEME_LABELS } from '../../domain/theme';
import { useServices } from '../services-context';

function useTheme() {
  const { theme } = useServices();
  const choice = useSelector(theme, (snapshot) => snapshot.context.choice);
  const choose = (value: string) => {
    if (isThemeChoice(value)) theme.send({ type: 'theme.choose', choice: value });
  };
  return { choice, choose };
}

export function FooterThemeChoice() {
  const { choice, choose } = useTheme();
  return (
    <RadioGroup className="theme-choice" orientation="horizontal" value={choice} onChange={choose}>
      <Label className="theme-choice__label">Theme</Label>
      <div className="theme-choice__options">
        {THEME_CHOICES.map((value) => (
          <Radio key={value} value={value} className="theme-choice__option">
            {THEME_LABELS[value]}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

export function AvatarThemeItems() {
  const { choice, choose } = useTheme();
  return (
    <DropdownMenu.Group aria-labelledby="avatar-theme-label">
      <DropdownMenu.Label id="avatar-theme-label" className="menu__label">
        Theme
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={choice} onValueChange={choose}>
        {THEME_CHOICES.map((value) => (
          <DropdownMenu.RadioItem key={value} value={value} className="menu__item menu__item--radio">
            <DropdownMenu.ItemIndicator className="menu__indicator" aria-hidden="true">
              ✓
            </DropdownMenu.ItemIndicator>
            {THEME_LABELS[value]}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
