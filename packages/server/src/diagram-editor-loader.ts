/**
 * The loader the server puts at the top of the bundled draw.io's index.html (so that the editor
 * works offline, and starts from the browser's cache on every visit after the first).
 *
 * Why: the editor runs in a sandbox without `allow-same-origin`, at an opaque origin. No service
 * worker controls such a frame, and the browser keeps nothing it fetches in its HTTP cache
 * (Chromium treats an opaque origin's network partition as transient), so without this every
 * opening of Diagrams downloaded draw.io's 17 MB again and nothing of it could start offline.
 * Only the frame's own document is cached (its navigation is keyed by our origin): the server
 * serves it as immutable under the build id.
 *
 * What it does, in the frame, before any of draw.io's code runs:
 * 0. removes WebRTC from the frame's window ({@link WEBRTC_GLOBAL}): every `RTC…` interface
 *    (RTCPeerConnection, RTCDataChannel, webkitRTCPeerConnection, …) becomes a read-only
 *    `undefined`. WebRTC is the one way out of the frame its CSP cannot close (Chromium applies no
 *    CSP directive to it): a script smuggled in with a crafted drawing could otherwise send the
 *    decrypted drawing to any host's UDP port. The frames the editor could create get a fresh
 *    opaque origin each (the sandbox), so it cannot reach their window's WebRTC, and they can run
 *    no script but the editor's own (the CSP they inherit) — of which this one comes first;
 * 1. asks the parent window (our app, at the URL's own origin — `frame-ancestors 'self'` allows
 *    no other) for the files draw.io needs at start: the message
 *    `{"event":"cipherspace-editor-files","paths":[…]}` (a JSON string, like draw.io's own), the
 *    paths relative to `/diagram-editor/`. The app fetches them from its own origin — through
 *    its service worker's cache and the HTTP cache — and answers with
 *    `{ event: 'cipherspace-editor-files', files: { [path]: Blob } }` (structured clone);
 * 2. then starts draw.io's bootstrap (`cipherspaceEditorFiles(start)`): each start-up script
 *    whose SHA-256 is the one the server names ({@link EditorFileManifest.hashes}) runs as an
 *    inline script of that text (`cipherspaceEditorScript(element, src)`, used by draw.io's
 *    `mxscript`), which the editor's CSP allows by the same hashes — no `blob:` scripts; its
 *    stylesheets become `<style>` elements (their relative `url(…)`s made absolute; every
 *    image they need is a `data:` URI — the files they name are fallbacks for old IE), and its
 *    interface texts are answered from memory to its XMLHttpRequest;
 * 3. a file the app could not give (or no answer within {@link PARENT_ANSWER_TIMEOUT_MS}) is
 *    loaded from the network as before.
 *
 * In a frame named {@link EDITOR_KEEP_FRAME_NAME} (the app's hidden frame that only has the browser
 * keep this document for offline starts) it stops after step 0: it asks for nothing and starts
 * nothing, so draw.io's bootstrap waits for ever and the frame loads only this document.
 *
 * The files are the public files of an open-source package; nothing secret crosses here, and the
 * frame still reaches nothing of the app (its storage, cookies or key).
 */

/** What the loader asks the parent for, worked out by the server from the package's files. */
export interface EditorFileManifest {
  /** Scripts draw.io's `mxscript` loads, e.g. `js/app.min.js`. */
  scripts: string[];
  /** Stylesheets in the order they apply; `mxgraph/css/common.css` last (mxClient adds it last). */
  styles: string[];
  /** Interface texts per draw.io language code, e.g. `{ en: 'resources/dia.txt', de: … }`. */
  texts: Record<string, string>;
  /**
   * The SHA-256 (base64) of each script's text as UTF-8, by path: the loader runs a file the app
   * hands it only when it matches, and the editor's CSP allows the same hashes.
   */
  hashes: Record<string, string>;
}

/** Which globals of the frame's window the loader removes first: WebRTC's interfaces. */
export const WEBRTC_GLOBAL = /^(webkit)?RTC/;

/** The loader starts draw.io from the network when the parent has not answered by then. */
export const PARENT_ANSWER_TIMEOUT_MS = 15_000;

/**
 * The `name` of the app's frame that loads the editor's document only so that the browser keeps it
 * (packages/web/src/app/offline-sync.ts): the loader then starts nothing.
 */
export const EDITOR_KEEP_FRAME_NAME = 'cipherspace-editor-keep';

/** The message `event` of the loader's request and of the app's answer. */
export const EDITOR_FILES_EVENT = 'cipherspace-editor-files';

/**
 * The loader's source for `manifest` (plain ES2017, no dependencies; it becomes an inline script
 * whose SHA-256 the editor's CSP allows).
 */
export function editorLoaderScript(manifest: EditorFileManifest): string {
  return `
(function () {
  'use strict';
  Object.getOwnPropertyNames(window).forEach(function (name) {
    if (!${WEBRTC_GLOBAL.toString()}.test(name)) return;
    try {
      Object.defineProperty(window, name, {
        value: undefined, writable: false, enumerable: false, configurable: false
      });
    } catch (error) {
      delete window[name];
    }
  });
  var MANIFEST = ${JSON.stringify(manifest)};
  var EVENT = ${JSON.stringify(EDITOR_FILES_EVENT)};
  var base = new URL('./', location.href);
  var lang = new URLSearchParams(location.search).get('lang') || 'en';
  var textsPath = MANIFEST.texts[lang] || MANIFEST.texts.en;
  var scriptTexts = {};
  var texts = {};
  var waiting = [];
  var begun = false;
  var started = false;
  var pathOf = function (src) {
    var url = new URL(src, base);
    return url.origin === base.origin && url.pathname.indexOf(base.pathname) === 0
      ? url.pathname.slice(base.pathname.length) : null;
  };
  window.mxLoadStylesheets = false;
  window.cipherspaceEditorScript = function (script, src) {
    var path = pathOf(src);
    var text = path !== null && Object.prototype.hasOwnProperty.call(scriptTexts, path)
      ? scriptTexts[path] : undefined;
    if (text === undefined) {
      script.setAttribute('src', src);
      return;
    }
    delete scriptTexts[path];
    script.removeAttribute('defer');
    script.text = text;
    // An inline script runs as it is inserted, which mxscript does before it returns.
    Promise.resolve().then(function () { script.dispatchEvent(new Event('load')); });
  };
  window.cipherspaceEditorFiles = function (start) {
    if (started) start(); else waiting.push(start);
  };
  var openXhr = XMLHttpRequest.prototype.open;
  var sendXhr = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, async) {
    var path = pathOf(String(url));
    this.cipherspaceText = path !== null && Object.prototype.hasOwnProperty.call(texts, path)
      ? texts[path] : undefined;
    this.cipherspaceAsync = async !== false;
    return openXhr.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var text = this.cipherspaceText;
    if (text === undefined) return sendXhr.apply(this, arguments);
    var xhr = this;
    Object.defineProperties(xhr, {
      readyState: { value: 4 }, status: { value: 200 }, statusText: { value: 'OK' },
      responseText: { value: text }, response: { value: text }
    });
    var deliver = function () {
      xhr.dispatchEvent(new Event('readystatechange'));
      xhr.dispatchEvent(new ProgressEvent('load'));
      xhr.dispatchEvent(new ProgressEvent('loadend'));
    };
    if (xhr.cipherspaceAsync) setTimeout(deliver, 0); else deliver();
  };
  var styleElement = function (path, css) {
    var style = document.createElement('style');
    style.textContent = css.replace(/url\\(\\s*(['"]?)([^'")]+)\\1\\s*\\)/g, function (all, quote, ref) {
      return /^data:/i.test(ref) ? all : 'url("' + new URL(ref, new URL(path, base)).href + '")';
    });
    return style;
  };
  var start = function (files) {
    if (begun) return;
    begun = true;
    var textOf = function (path) {
      return files[path] instanceof Blob ? files[path].text() : Promise.resolve(null);
    };
    var base64 = function (buffer) {
      return btoa(String.fromCharCode.apply(null, new Uint8Array(buffer)));
    };
    var verified = MANIFEST.scripts.map(function (path) {
      if (!window.crypto || !crypto.subtle || !window.TextEncoder) return null;
      return textOf(path).then(function (text) {
        if (text === null) return;
        return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then(function (hash) {
          if (base64(hash) === MANIFEST.hashes[path]) scriptTexts[path] = text;
        });
      }).catch(function () {});
    });
    var reading = [Promise.all(verified), textOf(textsPath)].concat(MANIFEST.styles.map(textOf));
    Promise.all(reading).then(function (all) {
      var read = all.slice(1);
      if (read[0] !== null) texts[textsPath] = read[0];
      var head = document.head;
      var first = head.querySelector('style');
      MANIFEST.styles.forEach(function (path, index) {
        var css = read[index + 1];
        var element;
        if (css === null) {
          element = document.createElement('link');
          element.rel = 'stylesheet';
          element.href = new URL(path, base).href;
        } else element = styleElement(path, css);
        if (index === MANIFEST.styles.length - 1) head.appendChild(element);
        else head.insertBefore(element, first);
      });
      started = true;
      waiting.splice(0).forEach(function (run) { run(); });
    });
  };
  var onAnswer = function (event) {
    if (event.source !== window.parent || !event.data || event.data.event !== EVENT) return;
    window.removeEventListener('message', onAnswer);
    start(event.data.files || {});
  };
  // The app's keeping frame: this document is all it loads.
  if (window.name === ${JSON.stringify(EDITOR_KEEP_FRAME_NAME)}) return;
  window.addEventListener('message', onAnswer);
  var paths = MANIFEST.scripts.concat(MANIFEST.styles, [textsPath]);
  window.parent.postMessage(JSON.stringify({ event: EVENT, paths: paths }), base.origin);
  setTimeout(function () { start({}); }, ${PARENT_ANSWER_TIMEOUT_MS});
})();
`;
}
