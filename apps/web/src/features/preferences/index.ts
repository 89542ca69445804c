// The preferences feature's public entry.
export { LanguageMenu } from './components/language-menu.tsx';
export { ThemeSwitch } from './components/theme-switch.tsx';
