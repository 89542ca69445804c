// Applies the remembered theme before the first paint (a file, not inline: the CSP allows only 'self').
try {
  var theme = localStorage.getItem('adminTheme');
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = theme;
} catch {
  document.documentElement.dataset.theme = 'light';
}
