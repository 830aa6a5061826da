// The lab form's colours (issue 28): each picked or typed as #rrggbb, beside a live preview of the room's
// header and a button as the room draws them (the same CSS variables, from the domain's readableTheme),
// and what the contrast check does with them: each ratio, and when the room takes a darker or lighter
// shade so that text stays readable (WCAG AA, 4.5 : 1).
import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  DEFAULT_THEME,
  filledColors,
  luminance,
  readableTheme,
} from '@lablive/domain';
import type { CSSProperties } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format/useFormat.ts';
import { themeVariables } from '../../theme/applyTheme.ts';
import { ControlField } from '../ControlField.tsx';
import { type LabFormValues, labFieldMessage } from './labFormValues.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;
const WHITE = '#ffffff';

/** The colour as the room compares it (lower case), or `fallback` while it is not a whole #rrggbb. */
const wholeColor = (value: string | undefined, fallback: string) =>
  value !== undefined && HEX.test(value) ? value.toLowerCase() : fallback;

type ColorName = 'primary_color' | 'background_color' | 'third_color';

const COLORS: readonly { name: ColorName; key: 'primary' | 'background' | 'third' }[] = [
  { name: 'primary_color', key: 'primary' },
  { name: 'background_color', key: 'background' },
  { name: 'third_color', key: 'third' },
];

export function LabColors({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const { t: ta } = useTranslation('admin');
  const [primary, background, third] = useWatch<LabFormValues, ColorName[]>({
    name: ['primary_color', 'background_color', 'third_color'],
  });
  // A colour being typed is previewed once it is whole; until then, the spec's default.
  const theme = {
    primaryColor: wholeColor(primary, DEFAULT_THEME.primaryColor),
    backgroundColor: wholeColor(background, DEFAULT_THEME.backgroundColor),
    thirdColor: wholeColor(third, DEFAULT_THEME.thirdColor),
  };
  return (
    <fieldset className="form-section lab-colors">
      <legend>{ta('labs.form.colors')}</legend>
      <p className="field-hint">{ta('labs.form.colorsHint')}</p>
      <div className="lab-colors-layout">
        <div className="lab-color-fields">
          {COLORS.map((color) => (
            <ColorField key={color.name} name={color.name} labelKey={color.key} />
          ))}
        </div>
        <LabPreview theme={theme} logoUrl={logoUrl} name={name} />
      </div>
      <ContrastNotes theme={theme} />
    </fieldset>
  );
}

function ColorField({ name, labelKey }: { name: ColorName; labelKey: 'primary' | 'background' | 'third' }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { register, setValue, getFieldState, formState } = useFormContext<LabFormValues>();
  const value = useWatch<LabFormValues, ColorName>({ name }) ?? '';
  const error = getFieldState(name, formState).error?.message;
  const id = `lab-${labelKey}`;
  const label = ta(`labs.form.${labelKey}`);
  return (
    <ControlField
      id={id}
      label={label}
      hint={ta(`labs.form.${labelKey}Hint`)}
      error={error === undefined ? undefined : labFieldMessage(t, ta, name, error)}
      testId={`lab-form-${labelKey}`}
    >
      {(describedBy) => (
        <span className="lab-color-inputs">
          <input
            id={id}
            type="color"
            value={HEX.test(value) ? value.toLowerCase() : '#000000'}
            aria-describedby={describedBy}
            data-testid={`lab-form-${labelKey}-picker`}
            onChange={(event) =>
              setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })
            }
          />
          <input
            type="text"
            className="lab-color-code"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            aria-label={ta('labs.form.hexOf', { color: label })}
            aria-invalid={error !== undefined}
            aria-describedby={describedBy}
            data-testid={`lab-form-${labelKey}`}
            {...register(name)}
          />
        </span>
      )}
    </ControlField>
  );
}

type Theme = { primaryColor: string; backgroundColor: string; thirdColor: string };

/** The room's header and a primary button, in the lab's colours as the room applies them. */
function LabPreview({ theme, logoUrl, name }: { theme: Theme; logoUrl: string | null; name: string }) {
  const { t: ta } = useTranslation('admin');
  const variables = themeVariables({ source: 'lab', ...theme, logoUrl, labName: name }) as CSSProperties;
  return (
    <figure className="lab-preview" style={variables} data-testid="lab-preview">
      <figcaption className="field-label">{ta('labs.form.preview')}</figcaption>
      <div className="lab-preview-frame">
        <div className="lab-preview-header">
          {logoUrl === null ? (
            <span className="lab-preview-name">{name.trim() || ta('labs.form.createTitle')}</span>
          ) : (
            <img className="lab-preview-logo" src={logoUrl} alt="" />
          )}
          <span className="lab-preview-title">{ta('labs.form.previewTitle')}</span>
          <span className="lab-preview-link">{ta('labs.form.previewLink')}</span>
        </div>
        <div className="lab-preview-body">
          <p>{ta('labs.form.previewText')}</p>
          <span className="lab-preview-button" data-testid="lab-preview-button">
            {ta('labs.form.previewButton')}
          </span>
        </div>
      </div>
    </figure>
  );
}

/** Each contrast the room checks, and the shade it takes instead when the lab's colour does not read. */
function ContrastNotes({ theme }: { theme: Theme }) {
  const { t: ta } = useTranslation('admin');
  const format = useFormat();
  const ratioOf = (a: string, b: string) => format.decimal(contrastRatio(a, b), 2);
  const readable = readableTheme(theme);
  const filled = filledColors(theme.primaryColor);
  const min = format.decimal(AA_TEXT_CONTRAST, 1);
  const direction = (shade: string, color: string) =>
    ta(luminance(shade) < luminance(color) ? 'labs.form.contrast.darker' : 'labs.form.contrast.lighter');
  const notes: string[] = [];
  if (filled.background === theme.primaryColor) {
    notes.push(
      ta(filled.foreground === WHITE ? 'labs.form.contrast.button' : 'labs.form.contrast.buttonDark', {
        ratio: ratioOf(filled.foreground, filled.background),
      }),
    );
  } else {
    notes.push(
      ta('labs.form.contrast.button', { ratio: ratioOf(WHITE, theme.primaryColor) }),
      ta('labs.form.contrast.buttonShade', {
        min,
        shade: filled.background,
        ratio: ratioOf(filled.foreground, filled.background),
      }),
    );
  }
  notes.push(ta('labs.form.contrast.text', { ratio: ratioOf(theme.thirdColor, WHITE) }));
  if (readable.third !== theme.thirdColor) {
    notes.push(
      ta('labs.form.contrast.textShade', {
        min,
        direction: direction(readable.third, theme.thirdColor),
        shade: readable.third,
        ratio: ratioOf(readable.third, WHITE),
      }),
    );
  }
  if (readable.background !== theme.backgroundColor) {
    notes.push(ta('labs.form.contrast.background', { shade: readable.background }));
  }
  if (readable.primaryText === theme.primaryColor) {
    notes.push(ta('labs.form.contrast.link', { ratio: ratioOf(theme.primaryColor, readable.background) }));
  } else {
    notes.push(
      ta('labs.form.contrast.linkShade', {
        direction: direction(readable.primaryText, theme.primaryColor),
        shade: readable.primaryText,
        ratio: ratioOf(readable.primaryText, readable.background),
      }),
    );
  }
  return (
    <ul className="lab-contrast" data-testid="lab-contrast">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
