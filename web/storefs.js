// storefs.js: a small file system in the browser's localStorage, in the
// shape of Node's callback fs API that Go's js/wasm port calls
// (GOROOT/src/syscall/fs_js.go). It lets the unchanged Go code keep its
// settings.json and autosave.json with os.ReadFile/os.WriteFile/os.Rename:
// in the browser they live in localStorage under "goldvein:f:" + path
// (files, bytes as a binary string) and "goldvein:d:" + path (folders).
// When localStorage is unavailable (private mode, disabled storage) the
// files live in memory for the session and window.goldveinStorage says
// "memory".
//
// Load it before wasm_exec.js: wasm_exec.js keeps a globalThis.fs that is
// already set. Standard output and error (fd 1 and 2) go to the console
// line by line and to window.goldveinOutput(fd, line) when the page sets it.
"use strict";

(() => {
  const FILE = "goldvein:f:";
  const DIR = "goldvein:d:";
  // A file's modification time (ms), kept beside it: the menu opens on the
  // game whose autosave was written last (scenes/boxgame.go, lastPlayed).
  const MTIME = "goldvein:m:";

  let store;
  try {
    const k = "goldvein:probe";
    localStorage.setItem(k, "1");
    localStorage.removeItem(k);
    store = localStorage;
    window.goldveinStorage = "localStorage";
  } catch (e) {
    const m = new Map();
    store = {
      getItem: (k) => (m.has(k) ? m.get(k) : null),
      setItem: (k, v) => { m.set(k, String(v)); },
      removeItem: (k) => { m.delete(k); },
      key: (i) => Array.from(m.keys())[i] ?? null,
      get length() { return m.size; },
    };
    window.goldveinStorage = "memory";
  }

  function fsError(code, what) {
    const err = new Error(code + ": " + what);
    err.code = code; // one of the names syscall/fs_js.go maps to an errno
    return err;
  }

  // clean makes an absolute path without "." and "..", no trailing slash.
  function clean(p) {
    const out = [];
    for (const part of String(p).split("/")) {
      if (part === "" || part === ".") continue;
      if (part === "..") out.pop(); else out.push(part);
    }
    return "/" + out.join("/");
  }
  function parent(p) {
    const i = p.lastIndexOf("/");
    return i <= 0 ? "/" : p.substring(0, i);
  }
  const isDir = (p) => p === "/" || store.getItem(DIR + p) !== null;
  const isFile = (p) => store.getItem(FILE + p) !== null;

  // Bytes are kept as a binary string: one char per byte.
  function toBinary(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 8192) {
      s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
    }
    return s;
  }
  function fromBinary(s) {
    const b = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
    return b;
  }

  function statOf(p) {
    const now = Date.now();
    const st = { dev: 1, ino: 0, nlink: 1, uid: 0, gid: 0, rdev: 0, blksize: 4096,
                 atimeMs: now, mtimeMs: now, ctimeMs: now };
    if (isDir(p)) {
      Object.assign(st, { mode: 0o40755, size: 0, blocks: 0 });
      st.isDirectory = () => true;
      return st;
    }
    const data = store.getItem(FILE + p);
    if (data === null) return null;
    const m = Number(store.getItem(MTIME + p));
    if (m > 0) Object.assign(st, { mtimeMs: m, ctimeMs: m });
    Object.assign(st, { mode: 0o100644, size: data.length, blocks: Math.ceil(data.length / 512) });
    st.isDirectory = () => false;
    return st;
  }

  const C = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  const fds = new Map(); // fd -> {path, dir, data (Uint8Array), size, pos, write, append}
  let nextFD = 3;

  function flush(f) {
    try {
      store.setItem(FILE + f.path, toBinary(f.data.subarray(0, f.size)));
      store.setItem(MTIME + f.path, String(Date.now()));
    } catch (e) {
      throw fsError("ENOSPC", f.path + ": browser storage is full");
    }
  }

  const outBuf = { 1: "", 2: "" };
  const decoder = new TextDecoder("utf-8");
  function output(fd, buf) {
    outBuf[fd] += decoder.decode(buf);
    let nl;
    while ((nl = outBuf[fd].indexOf("\n")) !== -1) {
      const line = outBuf[fd].substring(0, nl);
      outBuf[fd] = outBuf[fd].substring(nl + 1);
      (fd === 2 ? console.warn : console.log)(line);
      if (window.goldveinOutput) window.goldveinOutput(fd, line);
    }
    return buf.length;
  }

  // call runs op and hands its result or error to the Go callback.
  function call(cb, op) {
    let res;
    try {
      res = op();
    } catch (e) {
      cb(e.code ? e : fsError("EIO", String(e)));
      return;
    }
    cb(null, res);
  }

  globalThis.fs = {
    constants: C,
    writeSync(fd, buf) {
      if (fd === 1 || fd === 2) return output(fd, buf);
      throw fsError("EBADF", "fd " + fd);
    },
    write(fd, buf, offset, length, position, cb) {
      call(cb, () => {
        if (fd === 1 || fd === 2) return output(fd, buf.subarray(offset, offset + length));
        const f = fds.get(fd);
        if (!f || f.dir) throw fsError("EBADF", "fd " + fd);
        if (!f.write) throw fsError("EBADF", f.path + ": not open for writing");
        let at = position === null || position === undefined ? f.pos : position;
        if (f.append) at = f.size;
        const end = at + length;
        if (end > f.data.length) {
          const grown = new Uint8Array(Math.max(end, f.data.length * 2, 256));
          grown.set(f.data.subarray(0, f.size));
          f.data = grown;
        }
        f.data.set(buf.subarray(offset, offset + length), at);
        f.size = Math.max(f.size, end);
        if (position === null || position === undefined) f.pos = end;
        flush(f);
        return length;
      });
    },
    read(fd, buf, offset, length, position, cb) {
      call(cb, () => {
        const f = fds.get(fd);
        if (!f) throw fsError("EBADF", "fd " + fd);
        if (f.dir) throw fsError("EISDIR", f.path);
        const at = position === null || position === undefined ? f.pos : position;
        const n = Math.max(0, Math.min(length, f.size - at));
        buf.set(f.data.subarray(at, at + n), offset);
        if (position === null || position === undefined) f.pos = at + n;
        return n;
      });
    },
    open(path, flags, mode, cb) {
      call(cb, () => {
        const p = clean(path);
        const write = (flags & (C.O_WRONLY | C.O_RDWR)) !== 0;
        if (isDir(p)) {
          if (write) throw fsError("EISDIR", p);
          const fd = nextFD++;
          fds.set(fd, { path: p, dir: true });
          return fd;
        }
        if (flags & C.O_DIRECTORY) throw fsError(isFile(p) ? "ENOTDIR" : "ENOENT", p);
        let data = store.getItem(FILE + p);
        if (data === null) {
          if (!(flags & C.O_CREAT)) throw fsError("ENOENT", p);
          if (!isDir(parent(p))) throw fsError("ENOENT", parent(p));
        } else if ((flags & C.O_CREAT) && (flags & C.O_EXCL)) {
          throw fsError("EEXIST", p);
        }
        const bytes = data === null || (flags & C.O_TRUNC) ? new Uint8Array(0) : fromBinary(data);
        const f = { path: p, dir: false, data: bytes, size: bytes.length, pos: 0, write,
                    append: (flags & C.O_APPEND) !== 0 };
        if (data === null || (flags & C.O_TRUNC)) flush(f);
        const fd = nextFD++;
        fds.set(fd, f);
        return fd;
      });
    },
    close(fd, cb) {
      call(cb, () => {
        if (!fds.delete(fd)) throw fsError("EBADF", "fd " + fd);
        return null;
      });
    },
    fstat(fd, cb) {
      call(cb, () => {
        const f = fds.get(fd);
        if (!f) throw fsError("EBADF", "fd " + fd);
        if (f.dir) return statOf(f.path);
        const st = statOf(f.path) || statOf("/");
        st.size = f.size;
        st.mode = 0o100644;
        st.isDirectory = () => false;
        return st;
      });
    },
    stat(path, cb) {
      call(cb, () => {
        const st = statOf(clean(path));
        if (!st) throw fsError("ENOENT", path);
        return st;
      });
    },
    lstat(path, cb) { this.stat(path, cb); },
    fsync(fd, cb) { cb(null); },
    ftruncate(fd, length, cb) {
      call(cb, () => {
        const f = fds.get(fd);
        if (!f || f.dir || !f.write) throw fsError("EBADF", "fd " + fd);
        if (length < f.size) f.size = length;
        else {
          const grown = new Uint8Array(length);
          grown.set(f.data.subarray(0, f.size));
          f.data = grown;
          f.size = length;
        }
        flush(f);
        return null;
      });
    },
    truncate(path, length, cb) {
      this.open(path, C.O_WRONLY, 0, (err, fd) => {
        if (err) { cb(err); return; }
        this.ftruncate(fd, length, (err2) => { fds.delete(fd); cb(err2); });
      });
    },
    mkdir(path, perm, cb) {
      call(cb, () => {
        const p = clean(path);
        if (isDir(p) || isFile(p)) throw fsError("EEXIST", p);
        if (!isDir(parent(p))) throw fsError("ENOENT", parent(p));
        store.setItem(DIR + p, "1");
        return null;
      });
    },
    readdir(path, cb) {
      call(cb, () => {
        const p = clean(path);
        if (!isDir(p)) throw fsError(isFile(p) ? "ENOTDIR" : "ENOENT", p);
        const prefix = p === "/" ? "/" : p + "/";
        const names = new Set();
        for (let i = 0; i < store.length; i++) {
          const k = store.key(i);
          for (const kind of [FILE, DIR]) {
            if (k && k.startsWith(kind + prefix)) {
              const rest = k.substring(kind.length + prefix.length);
              if (rest && !rest.includes("/")) names.add(rest);
            }
          }
        }
        return Array.from(names).sort();
      });
    },
    rename(from, to, cb) {
      call(cb, () => {
        const a = clean(from), b = clean(to);
        const data = store.getItem(FILE + a);
        if (data === null) throw fsError(isDir(a) ? "EPERM" : "ENOENT", a);
        if (isDir(b)) throw fsError("EISDIR", b);
        if (!isDir(parent(b))) throw fsError("ENOENT", parent(b));
        store.setItem(FILE + b, data);
        store.removeItem(FILE + a);
        store.setItem(MTIME + b, store.getItem(MTIME + a) || String(Date.now()));
        store.removeItem(MTIME + a);
        return null;
      });
    },
    unlink(path, cb) {
      call(cb, () => {
        const p = clean(path);
        if (isDir(p)) throw fsError("EISDIR", p);
        if (!isFile(p)) throw fsError("ENOENT", p);
        store.removeItem(FILE + p);
        store.removeItem(MTIME + p);
        return null;
      });
    },
    rmdir(path, cb) {
      this.readdir(path, (err, names) => {
        if (err) { cb(err); return; }
        if (names.length) { cb(fsError("ENOTEMPTY", path)); return; }
        store.removeItem(DIR + clean(path));
        cb(null);
      });
    },
    chmod(path, mode, cb) { cb(null); },
    fchmod(fd, mode, cb) { cb(null); },
    chown(path, uid, gid, cb) { cb(null); },
    fchown(fd, uid, gid, cb) { cb(null); },
    lchown(path, uid, gid, cb) { cb(null); },
    utimes(path, atime, mtime, cb) { cb(null); },
    link(path, link, cb) { cb(fsError("ENOSYS", "link")); },
    symlink(path, link, cb) { cb(fsError("ENOSYS", "symlink")); },
    readlink(path, cb) { cb(fsError("EINVAL", path)); },
  };
})();
