import type { Config } from 'tailwindcss';

// The site's look in one place: re-brand here, never in a component. Components use `brand-*`
// for the accent colour (buttons, links, focus rings, the owner's chat bubble), the `rounded-*`
// scale below for corners and `font-sans` for text. Tailwind 4 reads this file through
// `@config` in client/src/index.css; restart `npm run dev` or rebuild after a change.
export default {
  content: [],
  theme: {
    extend: {
      colors: {
        // Tailwind's indigo. Any 50-950 scale works, e.g. from https://uicolors.app.
        brand: {
          50: '#eef2ff',
          100: '#e0e7ff',
          200: '#c7d2fe',
          300: '#a5b4fc',
          400: '#818cf8',
          500: '#6366f1',
          600: '#4f46e5',
          700: '#4338ca',
          800: '#3730a3',
          900: '#312e81',
          950: '#1e1b4b',
        },
      },
      borderRadius: {
        sm: '0.25rem',
        md: '0.375rem',
        lg: '0.5rem',
        xl: '0.75rem',
        '2xl': '1rem',
      },
      fontFamily: {
        sans: [
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
      },
    },
  },
} satisfies Config;
