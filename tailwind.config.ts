import type { Config } from 'tailwindcss';

/** Theme tokens: a warm paper light theme and a true dark theme (class strategy). */
const config: Config = {
  darkMode: 'class',
  content: ['./pages/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        paper: { DEFAULT: '#fbf7ef', deep: '#f3ecdd' },
        ink: { DEFAULT: '#2b2118', soft: '#5c4d3f' },
        night: { DEFAULT: '#121212', raised: '#1e1e1e', line: '#2c2c2c' },
        brand: { DEFAULT: '#b4461f', dark: '#e07a4f' },
      },
      fontFamily: {
        // The web fonts or the system's (styles/globals.css, lib/siteFonts.ts).
        sans: ['var(--site-font-sans)'],
        serif: ['var(--site-font-serif)'],
      },
    },
  },
};

export default config;
