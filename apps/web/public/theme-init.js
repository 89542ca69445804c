// Runs before first paint (loaded synchronously in <head>): the stored theme and language are applied
// at once, so a dark-theme visitor never sees a flash of the light theme. A separate file because the
// server's CSP (script-src 'self') blocks inline scripts.
(function () {
  var root = document.documentElement;
  var theme = 'light';
  var language = null;
  try {
    theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    language = localStorage.getItem('language');
  } catch {
    // Storage can be disabled (private mode, policy): keep the defaults.
  }
  root.setAttribute('data-theme', theme);
  var languages = { BN: 'bn', EN: 'en', CN: 'zh', VI: 'vi', JA: 'ja', TH: 'th', TY: 'en' };
  if (language && languages[language]) root.setAttribute('lang', languages[language]);
})();
