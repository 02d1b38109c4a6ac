import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { ready } from './lib/bridge.js';
import { startProbe } from './lib/probe.js';

const app = mount(App, { target: document.getElementById('app') });
// scripts/window-test.sh reads the page through this (lib/probe.js).
ready().then(startProbe, () => {});
export default app;
