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

// Fetch the text catalogue of the page's language now, alongside the start script, instead of after
// it has run. The server lists the catalogue chunks in <meta name="khela-catalogues">.
(function () {
  var meta = document.querySelector('meta[name="khela-catalogues"]');
  if (!meta) return;
  var language = document.documentElement.getAttribute('lang') || 'bn';
  var entries = (meta.getAttribute('content') || '').split(' ');
  for (var i = 0; i < entries.length; i++) {
    var pair = entries[i].split('=');
    if (pair[0] !== language || !pair[1]) continue;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = pair[1];
    link.crossOrigin = '';
    document.head.appendChild(link);
  }
})();

// On a landing page whose HTML carries the boot shell, the server names the start script in
// <meta name="khela-entry"> (already fetched by a modulepreload) instead of a script tag: it is run
// once the shell has been painted. A script that is in the cache would otherwise run straight after
// parsing, and on a slow phone the shell would wait for it. A hidden tab (no frames) starts anyway.
(function () {
  var meta = document.querySelector('meta[name="khela-entry"]');
  var entry = meta && meta.getAttribute('content');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  document.addEventListener('DOMContentLoaded', function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 250);
  });
})();
