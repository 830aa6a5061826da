// The example media's side of the room's postMessage protocol (docs/protocol.md, "Embedding a media").
// Sends: { type: 'lablive.progress', percent } while it loads, then { type: 'lablive.ready' }; on a
// failure { type: 'lablive.error', message }. Receives: { type: 'lablive.presentation', scene, step,
// spectator } on load, on each change of scene or step, and again once it said it is ready.
(() => {
  const room = window.parent;
  // The messages hold nothing secret, and this page may not know the room's origin: '*' is fine here.
  // What the page receives is checked the other way round: only its parent (the room) is listened to.
  const tell = (message) => {
    if (room !== window) room.postMessage(message, '*');
  };
  const $ = (id) => document.getElementById(id);
  let scenes = null;
  let presentation = { scene: null, step: 0, spectator: false };

  function progress(percent) {
    $('progress').textContent = `${percent} %`;
    tell({ type: 'lablive.progress', percent });
  }

  function show() {
    $('role').textContent = presentation.spectator ? 'Spectator' : 'Player';
    $('scene').textContent = presentation.scene ?? 'none';
    $('step').textContent = String(presentation.step + 1);
    if (scenes === null) return;
    const scene = scenes[presentation.scene ?? 'waiting'] ?? scenes.waiting;
    const steps = scene.steps ?? [];
    $('title').textContent = scene.title.replace('{{number}}', String(presentation.step + 1));
    $('text').textContent =
      steps.length > 0 ? (steps[presentation.step] ?? steps[steps.length - 1]) : scene.text;
  }

  window.addEventListener('message', (event) => {
    if (event.source !== room) return;
    const message = event.data;
    if (typeof message !== 'object' || message === null || message.type !== 'lablive.presentation') return;
    presentation = {
      scene: typeof message.scene === 'string' ? message.scene : null,
      step: Number.isInteger(message.step) && message.step >= 0 ? message.step : 0,
      spectator: message.spectator === true,
    };
    show();
  });

  // As early as the page runs: the room then waits for 100 % (or ready) instead of the frame's load.
  progress(0);
  // The content is a brotli-compressed asset (Build/scenes.json.br): the server sends it with
  // Content-Encoding: br and the browser decodes it, as it does a Unity build's .wasm.br.
  fetch('Build/scenes.json.br')
    .then((response) => {
      if (!response.ok) throw new Error(`Build/scenes.json.br answered ${response.status}`);
      progress(50);
      return response.json();
    })
    .then((content) => {
      scenes = content;
      progress(100);
      document.querySelector('.media').dataset.state = 'ready';
      show();
      tell({ type: 'lablive.ready' });
    })
    .catch((error) => tell({ type: 'lablive.error', message: String(error?.message ?? error) }));
})();
