import { useId } from 'react';

interface KeywordFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  autoFocus?: boolean;
}

/** The keyword box of a search form, with its label for screen readers. */
export function KeywordField({ label, placeholder, value, onChange, className, autoFocus = false }: KeywordFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="keyword"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        data-autofocus={autoFocus || undefined}
        className={className}
      />
    </>
  );
}
