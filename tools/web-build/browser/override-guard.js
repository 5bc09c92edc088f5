// Runs inline in index.html before import-map-overrides and SystemJS read localStorage: drops
// every import-map override (and external override map) whose URL is not on an allowed origin,
// so a stranger's script cannot be slipped into the portal through localStorage.
(function (win) {
  var PREFIX = 'import-map-override:';
  var EXTERNAL_MAPS = 'import-map-overrides-external-maps';
  var DEV_LIBS = 'import-map-overrides-dev-libs';
  var DEFAULT_ALLOWLIST = 'localhost 127.0.0.1';

  var meta = win.document.querySelector('meta[name="rc-override-allowlist"]');
  var allowlist = ((meta && meta.content.trim()) || DEFAULT_ALLOWLIST).split(/[\s,]+/);

  // An allowlist entry is a host name ("localhost", any port) or host:port ("127.0.0.1:18101").
  function refusal(url) {
    var parsed;
    try {
      parsed = new URL(url, win.location.href);
    } catch (error) {
      return 'it is not a URL';
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http(s) URLs are allowed';
    var allowed = allowlist.some(function (entry) {
      return entry === parsed.hostname || entry === parsed.host;
    });
    return allowed ? null : 'origin ' + parsed.origin + ' is not in the override allowlist (' + allowlist.join(', ') + ')';
  }

  function refuse(key, value, reason) {
    win.localStorage.removeItem(key);
    win.console.warn('[rc] import map override refused: ' + key + ' = ' + value + ' (' + reason + ')');
  }

  var storage;
  try {
    storage = win.localStorage;
    storage.length;
  } catch (error) {
    return;
  }
  var keys = [];
  for (var i = 0; i < storage.length; i++) keys.push(storage.key(i));

  keys.forEach(function (key) {
    var value = storage.getItem(key);
    if (key.indexOf(PREFIX) === 0) {
      var reason = refusal(value);
      if (reason) refuse(key, value, reason);
    } else if (key === EXTERNAL_MAPS) {
      var maps;
      try {
        maps = JSON.parse(value);
      } catch (error) {
        maps = null;
      }
      if (!Array.isArray(maps)) return refuse(key, value, 'it is not a list of URLs');
      var kept = maps.filter(function (url) {
        var mapReason = refusal(url);
        if (mapReason) win.console.warn('[rc] external import map refused: ' + url + ' (' + mapReason + ')');
        return !mapReason;
      });
      if (kept.length !== maps.length) storage.setItem(key, JSON.stringify(kept));
    } else if (key === DEV_LIBS && value === 'true') {
      refuse(key, value, 'development libraries load from a public CDN');
    }
  });
})(window);
