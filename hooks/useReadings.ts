import { useContext } from 'react';
import { ReadingsContext, type ReadingsContextValue } from '@/context/ReadingsContext';

/** The app-wide reading state (spec §3): progress by story, the reader's email, bookmarks. */
export function useReadings(): ReadingsContextValue {
  const value = useContext(ReadingsContext);
  if (!value) throw new Error('useReadings must be used inside <AppProviders>');
  return value;
}
