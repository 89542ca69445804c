import { useId, useState } from 'react';
import type { PlayType } from '@khela/contract/lottery-draw';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import {
  choiceKey,
  choicesOf,
  isValidSelection,
  pickerKindOf,
  typedDigitsOf,
  xienSizeOf,
} from '../lib/play-types.ts';

const twoDigits = Array.from({ length: 100 }, (_, index) => String(index).padStart(2, '0'));
const oneDigit = Array.from({ length: 10 }, (_, index) => String(index));

interface NumberPickerProps {
  playType: PlayType;
  chosen: readonly string[];
  onToggle: (number: string) => void;
}

/**
 * Picks a slip's numbers: a 00–99 grid (lô 2 số, đề, xiên), a 0–9 row (đầu, đuôi, sum), big/small
 * and odd/even buttons, or typed 3- and 4-digit numbers checked against the play type's rule.
 */
export function NumberPicker({ playType, chosen, onToggle }: NumberPickerProps) {
  const { t } = useTranslation();
  const kind = pickerKindOf(playType);
  const xien = xienSizeOf(playType);
  const isFull = xien !== null && chosen.length >= xien;

  if (kind === 'typed') return <TypedPicker playType={playType} chosen={chosen} onToggle={onToggle} />;

  const options = kind === 'grid100' ? twoDigits : kind === 'digits10' ? oneDigit : choicesOf(playType);
  return (
    <div
      className={`lottery-picker lottery-picker--${kind}`}
      role="group"
      aria-label={t('lottery_pick_numbers')}
    >
      {options.map((option) => {
        const isChosen = chosen.includes(option);
        return (
          <button
            key={option}
            type="button"
            className={`lottery-pick${isChosen ? ' lottery-pick--on' : ''}`}
            aria-pressed={isChosen}
            disabled={!isChosen && isFull}
            onClick={() => onToggle(option)}
          >
            {kind === 'choice' ? t(choiceKey(option)) : option}
          </button>
        );
      })}
    </div>
  );
}

function TypedPicker({ playType, chosen, onToggle }: NumberPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const digits = typedDigitsOf(playType);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const value = text.trim();
    if (!isValidSelection(playType, value)) {
      setError(t('lottery_typed_invalid', { digits }));
      return;
    }
    if (chosen.includes(value)) {
      setError(t('lottery_typed_duplicate'));
      return;
    }
    setError(null);
    setText('');
    onToggle(value);
  };
  return (
    <div className="field lottery-typed">
      <label className="field__label" htmlFor={id}>
        {t('lottery_typed_label', { digits })}
      </label>
      <div className="field__row">
        <input
          id={id}
          className="field__input tabular"
          inputMode="numeric"
          autoComplete="off"
          maxLength={digits}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button--outline" onClick={add}>
          {t('lottery_add_number')}
        </button>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
