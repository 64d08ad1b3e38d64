// loader.js: loads goldvein.wasm with a progress bar, then hands the page
// to the game (docs/LAN.md, Browser).
//
// URL parameters (all optional):
//   lang=en|ru|fa         language (default: the settings', else navigator.language)
//   game=saboteur|incangold|underground   the game the menu opens on (default:
//                         the one played last), as the app's --game
//   mute=1                no sound
//   players=N seed=S autoplay=1 exit=1   the app's --players, --seed,
//                         --autoplay, --exit-after-game
//   shots=1               the app's --screenshots /home/web/shots: a PNG of
//                         each scene the first time it shows, in the page's
//                         storage (localStorage key goldvein:f:/home/web/shots/NAME.png)
//   join=HOST:PORT        with bot=LEVEL: play as a computer player at that
//                         LAN host's table (join= with no value: the host that
//                         served this page); name=NAME, password=P, game=ID
//                         (the table's game, default saboteur)
//   an invite's page (RELAY/j/ROOM#KEY, served by goldvein relay) with
//   bot=LEVEL: the same through the relay (goldvein join LINK); name,
//                         password and game as above (without game each game
//                         is tried)
//
// The page reports to automation through window.goldvein:
//   {stage, firstFrameMs, exitCode, lines, storage}
// stage is "loading", "starting", "running", "drawn" (first frame on the
// canvas) or "exited"; firstFrameMs is milliseconds from navigation to the
// first frame drawn on the canvas; lines is what the program printed;
// times.fetched and times.compiled are when the wasm had arrived and was
// compiled (ms from navigation); version is the build's, as the loading
// screen shows it ("goldvein v1.2.3 (commit)"; empty in an unbuilt page).
// document.title follows: "goldvein", then "goldvein: exited N".
(function () {
  "use strict";
  const fill = document.getElementById("fill");
  const status = document.getElementById("status");
  const errorBox = document.getElementById("error");
  const loader = document.getElementById("loader");
  const log = document.getElementById("log");

  const state = { stage: "loading", firstFrameMs: null, exitCode: null, lines: [], times: {},
                  storage: window.goldveinStorage || "none",
                  version: (document.getElementById("version") || {}).textContent || "" };
  window.goldvein = state;

  function fail(err) {
    state.stage = "failed";
    status.textContent = "goldvein could not start.";
    errorBox.textContent = String(err && err.stack ? err.stack : err);
    document.title = "goldvein: failed";
  }

  // Lines the program prints (storefs.js calls this).
  window.goldveinOutput = function (fd, line) {
    state.lines.push(line);
    if (state.lines.length > 2000) state.lines.shift();
    if (log.style.display !== "none") {
      log.textContent += line + "\n";
      log.scrollTop = log.scrollHeight;
    }
  };

  // The first frame: Ebitengine draws each frame to the canvas's own
  // framebuffer (null) last; the first draw call there is the first frame
  // a player sees. The WebGL context is wrapped when it is created.
  function firstFrame() {
    if (state.firstFrameMs !== null) return;
    state.firstFrameMs = Math.round(performance.now());
    state.stage = "drawn";
    loader.style.display = "none";
  }
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, attrs) {
    const gl = getContext.call(this, kind, attrs);
    if (gl && (kind === "webgl" || kind === "webgl2") && !gl.goldveinWrapped) {
      gl.goldveinWrapped = true;
      let screen = true;
      const bind = gl.bindFramebuffer;
      gl.bindFramebuffer = function (target, fb) {
        screen = fb == null; // null or undefined: the canvas itself
        return bind.call(gl, target, fb);
      };
      for (const name of ["drawElements", "drawArrays"]) {
        const draw = gl[name];
        gl[name] = function () {
          if (screen) firstFrame();
          return draw.apply(gl, arguments);
        };
      }
    }
    return gl;
  };

  // The game's AudioContext (Ebitengine makes one; browsers keep it
  // suspended until the first click, tap or key, when Ebitengine resumes
  // it). window.goldveinAudio() says its state for the tests: "none",
  // "suspended" or "running".
  const contexts = [];
  for (const name of ["AudioContext", "webkitAudioContext"]) {
    const Orig = window[name];
    if (typeof Orig !== "function") continue;
    window[name] = class extends Orig {
      constructor(...args) {
        super(...args);
        contexts.push(this);
      }
    };
  }
  window.goldveinAudio = () => (contexts.length ? contexts[contexts.length - 1].state : "none");
  window.goldveinAudioContexts = contexts;

  // argv turns the URL parameters into the command line of the Go program.
  function argv(q) {
    const args = ["goldvein"];
    // An invite's page, RELAY/j/ROOM#KEY (docs/LAN.md, Relay): the key
    // after # stays in the page; the browser never sent it to the relay.
    const invite = /\/j\/[a-z2-7]{16}$/.test(location.pathname) && location.hash.length > 1
      ? location.origin + location.pathname + location.hash : "";
    if (invite && q.get("bot")) {
      args.push("join", invite, "--name", q.get("name") || "web", "--bot", q.get("bot"));
      if (q.get("password")) args.push("--password", q.get("password"));
      if (q.get("game")) args.push("--game", q.get("game"));
      return args;
    }
    if (invite && !q.get("bot")) args.push("--invite", invite);
    if (q.has("join") && q.get("bot")) {
      let addr = q.get("join") || location.host;
      if (!/^wss?:\/\//.test(addr)) {
        addr = (location.protocol === "https:" ? "wss://" : "ws://") + addr + "/ws";
      }
      args.push("join", addr, "--name", q.get("name") || "web", "--bot", q.get("bot"));
      if (q.get("password")) args.push("--password", q.get("password"));
      if (q.get("game")) args.push("--game", q.get("game"));
      return args;
    }
    if (q.get("lang")) args.push("--lang", q.get("lang"));
    if (q.get("game")) args.push("--game", q.get("game"));
    if (q.get("players")) args.push("--players", q.get("players"));
    if (q.get("seed")) args.push("--seed", q.get("seed"));
    if (q.get("autoplay") === "1") args.push("--autoplay");
    if (q.get("exit") === "1") args.push("--exit-after-game");
    if (q.get("mute") === "1") args.push("--mute");
    // The app's --screenshots: a PNG of each scene the first time it shows,
    // kept in the page's storage (storefs.js) under /home/web/shots/.
    if (q.get("shots") === "1") args.push("--screenshots", "/home/web/shots");
    return args;
  }

  function progress(got, total) {
    const pct = Math.min(100, Math.round((got / total) * 100));
    fill.style.width = pct + "%";
    status.textContent = "Loading… " + pct + "%";
  }

  // loadWasm fetches and compiles url. The browser compiles the module while
  // it streams in (instantiateStreaming), and the bar follows the bytes.
  // ?stream=0 compiles only after the whole file is in (for comparison,
  // and for browsers whose streaming compile misbehaves).
  const noStream = new URLSearchParams(location.search).get("stream") === "0";
  async function loadWasm(url, importObject) {
    const resp = await fetch(url);
    if (!resp.ok) throw new Error("fetch " + url + ": HTTP " + resp.status);
    // The uncompressed size, when the server says it, drives the bar (a
    // gzipped response's Content-Length is the compressed size).
    let total = Number(resp.headers.get("X-Uncompressed-Length") || 0);
    if (!total && !resp.headers.get("Content-Encoding")) total = Number(resp.headers.get("Content-Length") || 0);
    let body = resp.body;
    if (body && total) {
      const reader = body.getReader();
      let got = 0;
      body = new ReadableStream({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            state.times.fetched = Math.round(performance.now());
            controller.close();
            return;
          }
          got += value.length;
          progress(got, total);
          controller.enqueue(value);
        },
      });
    } else {
      status.textContent = "Loading…";
    }
    if (WebAssembly.instantiateStreaming && body && !noStream) {
      const streamed = new Response(body, { headers: { "Content-Type": "application/wasm" } });
      return (await WebAssembly.instantiateStreaming(streamed, importObject)).instance;
    }
    const bytes = await new Response(body).arrayBuffer();
    state.times.fetched = Math.round(performance.now());
    return (await WebAssembly.instantiate(bytes, importObject)).instance;
  }

  async function start() {
    if (typeof WebAssembly !== "object" || !WebAssembly.instantiate) throw new Error("this browser has no WebAssembly");
    const q = new URLSearchParams(location.search);
    const go = new Go();
    go.argv = argv(q);
    // Settings and the autosave go to HOME/.config/goldvein (os.UserConfigDir),
    // which storefs.js keeps in localStorage; LANG gives the first-start
    // language from the browser.
    go.env = { HOME: "/home/web", LANG: navigator.language || "en" };
    go.exit = (code) => {
      state.exitCode = code;
      state.stage = "exited";
      document.title = "goldvein: exited " + code;
    };
    if (go.argv[1] === "join") {
      // A computer player at a LAN table: no window, its log is the page.
      log.style.display = "block";
      document.title = "goldvein: joining";
    }
    const instance = await loadWasm("goldvein.wasm", go.importObject);
    fill.style.width = "100%";
    status.textContent = "Starting…";
    state.stage = "starting";
    // Let the page paint "Starting…": the Go program's start-up holds the
    // page's only thread until its first frame.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    state.stage = "running";
    state.times.compiled = Math.round(performance.now());
    if (go.argv[1] === "join") loader.style.display = "none";
    await go.run(instance);
    if (state.stage !== "exited") state.stage = "exited";
    if (go.argv[1] !== "join") {
      loader.style.display = "flex";
      status.textContent = state.exitCode ? "goldvein stopped (exit " + state.exitCode + ")." : "goldvein has stopped.";
      const last = state.lines.slice(-5).join("\n");
      if (state.exitCode && last) errorBox.textContent = last;
      // The canvas is left as the game last drew it: hide it, offer a restart.
      const canvas = document.querySelector("canvas");
      if (canvas) canvas.style.display = "none";
      document.body.style.backgroundColor = "#1d1713"; // Ebitengine made it black
      const again = document.createElement("button");
      again.textContent = "Play again";
      again.onclick = () => location.reload();
      loader.appendChild(again);
    }
  }

  start().catch(fail);
})();
