// The table websocket: auto-reconnect with backoff, a `sync` after every (re)connect,
// seq bookkeeping (never go back), a heartbeat that notices dead connections.

const FINAL_CODES = new Set([4000, 4001, 4003, 4004]);  // 4029 (reconnecting too fast) retries with backoff

export class TableSocket {
  // `token`: the player token, or a function returning the current one (it is renewed silently).
  constructor(code, token, {onMessage, onStatus}) {
    this.code = code;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.seq = -1;
    this.attempt = 0;
    this.closed = false;
    this.timer = null;
    this.heartbeat = null;
    this.lastHeard = 0;
    this.connect();
    this._onVisible = () => { if (document.visibilityState === 'visible') this.ensure(); };
    document.addEventListener('visibilitychange', this._onVisible);
    this._onOnline = () => this.ensure();
    window.addEventListener('online', this._onOnline);
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // No token in the URL (URLs end up in logs): it is the first message, sent on open.
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  currentToken() { return typeof this.token === 'function' ? this.token() : this.token; }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.onStatus(this.attempt ? 'reconnecting' : 'connecting');
    let ws;
    try { ws = new WebSocket(this.url()); } catch { this.schedule(); return; }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({type: 'auth', token: this.currentToken()}));
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.onStatus('open');
      this.startHeartbeat();
    };
    ws.onmessage = (ev) => {
      this.lastHeard = Date.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (typeof msg.seq === 'number') {
        if (msg.seq < this.seq && msg.type === 'view') return; // an older picture than we hold: ignore
        if (msg.seq > this.seq) this.seq = msg.seq;
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.stopHeartbeat();
      this.ws = null;
      if (this.closed) return;
      if (FINAL_CODES.has(ev.code) || ev.code === 1000) {
        this.closed = true;
        this.onStatus('closed', ev.code);
        return;
      }
      this.schedule();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  schedule() {
    if (this.closed) return;
    this.attempt += 1;
    const delay = Math.min(8000, 400 * 2 ** Math.min(this.attempt - 1, 5)) * (0.75 + Math.random() * 0.5);
    this.onStatus('reconnecting');
    this.timer = setTimeout(() => this.connect(), delay);
  }

  ensure() {
    if (this.closed) return;
    if (!this.ws || this.ws.readyState > 1) { this.attempt = Math.max(this.attempt, 1); this.connect(); }
    else if (this.ws.readyState === 1) this.send({type: 'sync'});
  }

  startHeartbeat() {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (!this.ws || this.ws.readyState !== 1) return;
      if (Date.now() - this.lastHeard > 45000) { this.ws.close(); return; }
      if (Date.now() - this.lastHeard > 15000) this.send({type: 'ping'});
    }, 5000);
  }

  stopHeartbeat() { clearInterval(this.heartbeat); this.heartbeat = null; }

  send(msg) {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Drop the connection on purpose (tests, leaving the room). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopHeartbeat();
    document.removeEventListener('visibilitychange', this._onVisible);
    window.removeEventListener('online', this._onOnline);
    if (this.ws) { const ws = this.ws; this.ws = null; ws.close(1000); }
  }

  /** Simulate a dropped connection (the socket reconnects by itself). */
  drop() { if (this.ws) this.ws.close(4999); }
}
