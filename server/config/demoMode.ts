import { blank, type SettingsSource } from './read';

/**
 * Demo mode: the Auth emulator is configured (with a demo- project, else the start is refused).
 * It brings the payment sandbox with it, and the site then serves this machine only.
 */
export function demoModeOf(source: SettingsSource): boolean {
  const project = blank(source.FIREBASE_PROJECT_ID) ?? blank(source.NEXT_PUBLIC_FIREBASE_PROJECT_ID) ?? 'demo-truyen-audio';
  return Boolean(blank(source.FIREBASE_AUTH_EMULATOR_HOST)) && project.startsWith('demo-');
}
