import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { AddressPrediction } from '@hsa/contracts';
import { autocompleteRules } from './addressPredictions';
import { addressAutocompleteCss } from './addressAutocompleteStyles';
import { useAddressPredictions } from './useAddressPredictions';

export interface AddressAutocompleteProps {
  /** The field's label (always announced; shown unless hideLabel). */
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (text: string) => void;
  /** Called 100 ms after a suggestion is chosen; the input shows the chosen address at once. */
  onSelect: (prediction: AddressPrediction) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  size?: 'default' | 'large';
  /** A validation message shown under the input and tied to it (aria-invalid, aria-describedby). */
  error?: string | null;
  /** Extra help under the input. */
  hint?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /**
   * The autocomplete session's token (usePlacesSession): every search carries it, and the caller gives it to the
   * lookup that ends the session.
   */
  sessionToken?: string;
}

/** "3526 High St, Sacramento, CA 95838" -> ["3526 High St", "Sacramento, CA 95838"] */
function splitDescription(description: string): [string, string] {
  const comma = description.indexOf(',');
  return comma < 0 ? [description, ''] : [description.slice(0, comma), description.slice(comma + 1).trim()];
}

/**
 * The address box with suggestions (the WAI-ARIA combobox pattern with a list popup): 3-character
 * minimum, 300 ms debounce, 5 suggestions, and onSelect 100 ms after a choice. Arrow keys move
 * through the suggestions, Enter chooses, Escape closes the list; mouse and touch work too. Plain
 * React and its own small stylesheet, so antd-free pages (the landing page) can use it.
 */
export function AddressAutocomplete({
  label,
  hideLabel = false,
  value,
  onChange,
  onSelect,
  placeholder,
  disabled = false,
  id,
  name = 'address',
  size = 'default',
  error,
  hint,
  autoFocus,
  inputRef,
  sessionToken,
}: AddressAutocompleteProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const hintId = `${generatedId}-hint`;
  const errorId = `${generatedId}-error`;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // The text of the last chosen suggestion: no new search for it.
  const [chosenText, setChosenText] = useState<string | null>(null);
  const selectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { predictions, searching } = useAddressPredictions(value, !disabled && value !== chosenText, sessionToken);
  const open = focused && !dismissed && predictions.length > 0;

  useEffect(() => () => clearTimeout(selectTimer.current), []);
  useEffect(() => setActiveIndex(-1), [predictions]);

  const choose = (prediction: AddressPrediction) => {
    setChosenText(prediction.description);
    onChange(prediction.description);
    setDismissed(true);
    setActiveIndex(-1);
    clearTimeout(selectTimer.current);
    selectTimer.current = setTimeout(() => onSelect(prediction), autocompleteRules.lookupDelayMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = predictions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setDismissed(false);
        setActiveIndex((index) => (open ? (index + 1) % count : 0));
        return;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        setDismissed(false);
        setActiveIndex((index) => (open ? (index <= 0 ? count - 1 : index - 1) : count - 1));
        return;
      case 'Enter': {
        const active = open && activeIndex >= 0 ? predictions[activeIndex] : undefined;
        if (active) {
          event.preventDefault();
          choose(active);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setDismissed(true);
          setActiveIndex(-1);
        }
        return;
      case 'Tab':
        setDismissed(true);
        return;
    }
  };

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const activeId = open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  return (
    <div className={`hsa-ac hsa-ac--${size}${error ? ' hsa-ac--invalid' : ''}`}>
      <style href="hsa-address-autocomplete" precedence="default">
        {addressAutocompleteCss}
      </style>
      <label htmlFor={inputId} className={hideLabel ? 'hsa-ac__label hsa-ac__label--hidden' : 'hsa-ac__label'}>
        {label}
      </label>
      <div className="hsa-ac__field">
        <svg className="hsa-ac__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
            fill="currentColor"
          />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          className="hsa-ac__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => {
            setChosenText(null);
            setDismissed(false);
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setActiveIndex(-1);
          }}
        />
        {searching ? <span className="hsa-ac__spinner" aria-hidden="true" /> : null}
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="hsa-ac__list" hidden={!open}>
          {open
            ? predictions.map((prediction, index) => {
                const [street, rest] = splitDescription(prediction.description);
                return (
                  <li
                    key={prediction.place_id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={index === activeIndex ? 'hsa-ac__option hsa-ac__option--active' : 'hsa-ac__option'}
                    // Keep the focus in the input: a click must not blur it before the choice lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActiveIndex(index)}
                    onClick={() => choose(prediction)}
                  >
                    <span className="hsa-ac__street">{street}</span>
                    {rest ? <span className="hsa-ac__rest">{rest}</span> : null}
                  </li>
                );
              })
            : null}
        </ul>
      </div>
      <span className="hsa-ac__status" role="status" aria-live="polite">
        {open ? `${predictions.length} ${predictions.length === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrow keys to choose one.` : ''}
      </span>
      {error ? (
        <p id={errorId} className="hsa-ac__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="hsa-ac__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
