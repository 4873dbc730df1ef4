import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../Button/Button.tsx';
import styles from './TagSearch.module.css';

export interface Suggestion {
  id: number;
  /** Shown as it is: the caller shortens long names. */
  label: string;
  /** The full text, for the tooltip of a shortened label. */
  title?: string;
}

export interface TagSearchProps {
  label: string;
  placeholder?: string;
  value: string;
  onValueChange(value: string): void;
  tags: readonly string[];
  /** Enter or the search button: the typed text becomes a tag. */
  onAddTag(tag: string): void;
  onRemoveTag(tag: string): void;
  suggestions: readonly Suggestion[];
  onPickSuggestion(suggestion: Suggestion): void;
}

/**
 * A search box that collects tags, with suggestions as the user types (an ARIA 1.2 combobox).
 * Arrow keys move through the suggestions, Enter picks the highlighted one or adds the text as
 * a tag, Escape closes the list, Backspace in an empty box removes the last tag.
 */
export function TagSearch({
  label,
  placeholder,
  value,
  onValueChange,
  tags,
  onAddTag,
  onRemoveTag,
  suggestions,
  onPickSuggestion,
}: TagSearchProps) {
  const intl = useIntl();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const open = !closed && value.trim() !== '' && suggestions.length > 0;
  const activeSuggestion = open ? suggestions[active] : undefined;

  function addTag() {
    const tag = value.trim();
    if (tag === '') return;
    onAddTag(tag);
    setActive(-1);
  }

  function pick(suggestion: Suggestion) {
    onPickSuggestion(suggestion);
    setActive(-1);
    setClosed(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        if (suggestions.length === 0) return;
        event.preventDefault();
        setClosed(false);
        setActive((index) => (index + 1) % suggestions.length);
        return;
      case 'ArrowUp':
        if (suggestions.length === 0) return;
        event.preventDefault();
        setClosed(false);
        setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
        return;
      case 'Enter':
        event.preventDefault();
        if (activeSuggestion) pick(activeSuggestion);
        else addTag();
        return;
      case 'Escape':
        setClosed(true);
        setActive(-1);
        return;
      case 'Backspace': {
        const last = tags.at(-1);
        if (value === '' && last !== undefined) onRemoveTag(last);
        return;
      }
    }
  }

  return (
    <div className={styles.search}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <div className={styles.box}>
          <input
            id={id}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeSuggestion ? `${listId}-${active}` : undefined}
            className={styles.input}
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              onValueChange(event.target.value);
              setClosed(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setClosed(true)}
          />
          <ul id={listId} role="listbox" aria-label={label} className={styles.list} hidden={!open}>
            {open &&
              suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  title={suggestion.title}
                  className={styles.option}
                  // Before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(suggestion);
                  }}
                >
                  {suggestion.label}
                </li>
              ))}
          </ul>
        </div>
        <Button type="button" onClick={addTag}>
          {intl.formatMessage({ id: 'voting.search.submit' })}
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label={intl.formatMessage({ id: 'voting.search.tags' })}>
          {tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              <span>{tag}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={intl.formatMessage({ id: 'voting.search.removeTag' }, { tag })}
                onClick={() => onRemoveTag(tag)}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
