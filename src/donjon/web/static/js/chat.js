// The table's chat: every message written as text (never as HTML), the sender's name, a Mute
// button on other people's messages, the creator's switch for spectators' chat, and the form.
// Messages come over the table's WebSocket (`chat_history` when it opens, then `chat`).
import { api, h, session, t } from './common.js';

const $ = (id) => document.getElementById(id);
let options = null;
const messages = [];
const muted = new Set();

function item(m) {
  const mine = session.user && m.user_id === session.user.id;
  const mute = session.user && m.user_id !== null && !mine
    ? h('button', { type: 'button', class: 'link mute', dataset: { user: m.user_id },
      onclick: () => api('POST', '/api/mutes', { user_id: m.user_id, muted: true })
        .then(() => { muted.add(m.user_id); draw(); }).catch((e) => options.showError(e.message)) },
    t('mute')) : null;
  return h('li', { class: `chat-message ${mine ? 'mine' : ''}`, dataset: { id: m.id } },
    h('strong', { class: 'chat-name' }, m.name || '?'), ' ', h('span', { class: 'chat-text' }, m.text), ' ', mute);
}

function draw() {
  const list = $('chat-list');
  if (!list) return;
  const shown = messages.filter((m) => !muted.has(m.user_id));
  list.replaceChildren(...(shown.length ? shown.map(item) : [h('li', { class: 'note' }, t('chat_empty_list'))]));
  list.scrollTop = list.scrollHeight;
}

export function onChat(message) {
  if (message.type === 'chat_history') {
    messages.splice(0, messages.length, ...message.messages);
  } else if (!messages.some((m) => m.id === message.message.id)) {
    messages.push(message.message);
  }
  draw();
}

// What the table allows: spectators may write unless its creator turned it off.
export function drawChat(info) {
  const form = $('chat-form');
  if (!form) return;
  const me = options.mySeat();
  const player = session.user && info.seats.some((s) => s.user_id === session.user.id);
  const allowed = info.settings ? info.settings.spectator_chat !== false : true;
  form.hidden = !session.user || (!player && !allowed);
  $('chat-off').hidden = allowed || player;
  const toggle = $('chat-spectators');
  if (session.user && info.created_by === session.user.id) {
    toggle.hidden = false;
    $('chat-spectators-input').checked = allowed;
  } else {
    toggle.hidden = true;
  }
  return me;
}

export function setupChat(given) {
  options = given;
  const form = $('chat-form');
  if (!form) return;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('chat-input');
    const text = input.value.trim();
    if (!text) return;
    options.send(text).then(() => { input.value = ''; }).catch((error) => options.showError(error.message));
  });
  $('chat-spectators-input').addEventListener('change', (e) => {
    api('POST', `/api/tables/${options.tableId}/chat-settings`, { spectators: e.target.checked })
      .catch((error) => options.showError(error.message));
  });
  drawChat(options.getInfo());
  draw();
}
