import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { searchUrl } from '@/lib/routes';
import { checkKeyword, type SearchSurface } from './searchRules';

/** The state and submit of a search form: refuse short keywords by alert, else go to /truyen and clear. */
export function useSearchSubmit(surface: SearchSurface, onDone?: () => void) {
  const router = useRouter();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkKeyword(value, surface);
    if (!check.ok) {
      window.alert(check.message);
      return;
    }
    setValue('');
    onDone?.();
    void router.push(searchUrl({ keyword: check.keyword }));
  };
  return { value, setValue, submit };
}
