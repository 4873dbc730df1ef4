import { Button } from '../../components/Button/Button.tsx';
import styles from './filter-form.module.css';

export interface FilterActionsProps {
  searchText: string;
  clearText: string;
  /** Filters are applied: offer to clear them. */
  filtered: boolean;
  onClear(): void;
}

/** The end of an operator list's filter form: search, and clear once something is filtered. */
export function FilterActions({ searchText, clearText, filtered, onClear }: FilterActionsProps) {
  return (
    <div className={styles.actions}>
      <Button type="submit">{searchText}</Button>
      {filtered && (
        <Button type="button" variant="secondary" onClick={onClear}>
          {clearText}
        </Button>
      )}
    </div>
  );
}
