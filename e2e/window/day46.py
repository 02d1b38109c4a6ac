#!/usr/bin/env python3
"""Issue 46's day in the shipped window (scripts/window-day46.sh): drives the
desktop build under Xvfb with xdotool, reads the page through the probe,
times each step, takes a screenshot of each. Run inside scripts/hermetic.sh
(HOME is the fake one the script sets up)."""
import json, os, subprocess, sys, time

BIN, WORK, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
PROBE = os.path.join(WORK, 'probe.json')
times = []
env = dict(os.environ, PACKSMITH_PROBE=PROBE, PACKSMITH_CONFIG_DIR=os.path.join(WORK, 'config'))

def sh(*a):
    return subprocess.run(a, capture_output=True, text=True).stdout.strip()

def probe():
    try:
        with open(PROBE) as f:
            return json.load(f)
    except Exception:
        return {}

def wait(pred, secs=60, what=''):
    t0 = time.time()
    while time.time() - t0 < secs:
        p = probe()
        try:
            if p and pred(p):
                return p
        except Exception:
            pass
        time.sleep(0.1)
    shot('FAILED-' + what.replace(' ', '-')[:40])
    raise SystemExit(f'day: timed out waiting for {what}; probe texts: {list(probe().get("texts", {}).items())[:40]}')

def shot(name):
    subprocess.run(['import', '-window', 'root', os.path.join(SHOTS, name + '.png')])

origin = [0, 0]
def click_id(tid, p=None, dx=None, dy=None):
    p = p or probe()
    x, y, w, h = p['rects'][tid]
    cx = x + (w // 2 if dx is None else dx)
    cy = y + (h // 2 if dy is None else dy)
    sh('xdotool', 'mousemove', str(origin[0] + cx), str(origin[1] + cy), 'click', '1')

def key(*k):
    sh('xdotool', 'key', *k)

def typ(s):
    sh('xdotool', 'type', '--delay', '15', s)

def step(name, fn):
    t0 = time.time()
    r = fn()
    dt = time.time() - t0
    times.append((name, dt, r or ''))
    print(f'day: {dt:6.2f} s  {name}  {r or ""}', flush=True)
    shot(f'{len(times):02d}-' + name.split(':')[0].replace(' ', '-')[:40])

def start(args=()):
    if os.path.exists(PROBE):
        os.remove(PROBE)
    app = subprocess.Popen([BIN, *args], env=env, stdout=open(os.path.join(WORK, 'app.log'), 'a'), stderr=subprocess.STDOUT)
    return app

def geometry():
    wid = sh('xdotool', 'search', '--sync', '--onlyvisible', '--name', '^Packsmith$').split('\n')[0]
    g = sh('xdotool', 'getwindowgeometry', wid)
    pos = g.split('Position: ')[1].split(' ')[0].split(',')
    origin[0], origin[1] = int(pos[0]), int(pos[1])
    return g.replace('\n', ' ')

def open_path(path, until, what):
    click_id('open-path')
    key('ctrl+a')
    typ(path)
    t0 = time.time()
    key('Return')
    p = wait(until, 60, what)
    p['_after_enter'] = time.time() - t0
    return p

def full(p):
    c = p['texts'].get('count', '').split(' of ')
    return len(c) == 2 and c[0] == c[1] and c[0] != '0' and 'entry-list' in p['texts']

def toolbar_rows(p):
    r = p['rects']
    f, c = r['filter'], r['compare-open']
    return 1 if abs((f[1] + f[3] / 2) - (c[1] + c[3] / 2)) < 6 else 2

import atexit
atexit.register(lambda: app and app.poll() is None and (app.terminate(), app.wait(10)))
home = os.environ['HOME']
steam = os.path.join(home, '.local', 'share', 'Steam', 'steamapps', 'common')
mod = os.path.join(home, 'mods-in-progress', 'EDITORMOD_at_90dcf2a.MOD')
app = None

def s_start():
    global app
    app = start()
    g = geometry()
    return g
step('start: window shown', s_start)

def s_first():
    p = wait(lambda p: 'found' in p['texts'] and 'Lost Saga' in p['texts']['found'], 60, 'first screen with the found folders')
    found = p['texts']['found']
    return ' | '.join(l for l in found.split('\n') if ':' in l)[:400]
step('first screen drawn with the folders found', s_first)

def s_loadorder():
    for _ in range(5):  # without a window manager the first click may only focus the web view
        click_id('found-folder')   # the first: TL2's user folder → Load order
        try:
            p = wait(lambda p: 'lo-userdir' in p['rects'] and 'lo-row' in p['texts'], 3, 'load order')
            break
        except SystemExit:
            continue
    else:
        raise SystemExit('day: the user folder did not open in Load order')
    return f"rows: {p['texts'].get('lo-count', '')!r} first row: {p['texts']['lo-row'][:60]!r}"
def s_back():
    sh('xdotool', 'mousemove', str(origin[0] + 160), str(origin[1] + 10), 'click', '1')  # Archives
    return ''
step('Load order from the first screen', s_loadorder)
step('back to Archives', s_back)

def s_open_mod():
    sh('xdotool', 'mousemove', str(origin[0] + 60), str(origin[1] + 20))
    p = open_path(mod, lambda p: full(p) and 'EDITORMOD' in p['texts'].get('tabs', ''), 'the real .MOD listed')
    return f"{p['_after_enter']:.2f} s after Enter; {p['texts']['count']}; toolbar rows at 1280: {toolbar_rows(p)}"
step('open a real .MOD (cyber_mod) by path', s_open_mod)

def opened_then_escape(open_it, tid, what):
    """open_it() shows the panel with testid tid; Escape must close it."""
    open_it()
    wait(lambda p: tid in p['rects'], 10, what + ' open')
    key('Escape')
    wait(lambda p: tid not in p['rects'], 10, what + ' closed by Escape')

def s_find_escape():
    opened_then_escape(lambda: click_id('find-open'), 'find-query', 'Find')
    return 'Find… opened, Escape closed it'
step('Find… then Escape', s_find_escape)

def s_lostsaga():
    p = open_path(os.path.join(steam, 'Lost Saga'), lambda p: full(p) and 'iop-deleted' in p['texts'] and 'iop-hidden' in p['rects'], 'Lost Saga folder with its delete list')
    return f"{p['_after_enter']:.2f} s after Enter; {p['texts']['count']}; {p['texts']['iop-deleted']}; hidden: {p['texts']['iop-hidden']!r}"
step('open the found Lost Saga folder: delete list shown at once', s_lostsaga)

def s_hidden_link():
    # the first click may only focus the web view; a window taller than the
    # screen is centred off it by an offset xdotool does not always report
    for dy in (0, 0, -10, 10, -10, 10):
        x, y, w, h = probe()['rects']['iop-hidden-link']
        sh('xdotool', 'mousemove', str(origin[0] + x + w // 2), str(origin[1] + y + h // 2 + dy), 'click', '1')
        try:
            p = wait(lambda p: p['texts'].get('count', '').startswith('6 of 6') and 'text-view' in p['texts'], 4, 'rs.iop tab with the hidden entry shown')
            break
        except SystemExit:
            continue
    else:
        raise SystemExit('day: the hidden name link did not lead to the entry')
    return f"preview: {p['texts']['text-view'][:60]!r}"
step('the hidden name link leads to the entry', s_hidden_link)

def s_reborn():
    p = open_path(os.path.join(steam, 'Tactics Ogre Reborn', 'Data'), lambda p: p['texts'].get('count', '').startswith('2 of 2'), 'Reborn Data folder')
    return f"{p['_after_enter']:.2f} s after Enter; {p['texts']['count']}"
step('open the found Reborn Data folder', s_reborn)

def s_restart():
    global app
    app.terminate(); app.wait(10)
    app = start()
    geometry()
    p = wait(lambda p: 'filter' in p['rects'] and all(n in p.get('body', '') for n in ('EDITORMOD_at_90dcf2a.MOD', 'rs.iop', 'Data')), 60, 'tabs back after restart')
    return f"tabs: {p.get('body','')[:160]!r}"

def s_settings():
    sh('xdotool', 'mousemove', str(origin[0] + 1000), str(origin[1] + 600), 'click', '1')
    opened_then_escape(lambda: key('ctrl+comma'), 'settings', 'Settings')
    return 'Ctrl+, opened Settings, Escape closed it'
step('Settings by keyboard', s_settings)

def s_filter():
    sh('xdotool', 'mousemove', str(origin[0] + 1000), str(origin[1] + 600), 'click', '1')
    key('ctrl+f')
    time.sleep(0.2)
    typ('scene')
    p = wait(lambda p: p['texts'].get('count', '').startswith('1 of 2'), 10, 'filter by keyboard')
    return p['texts']['count']
step('Ctrl+F and type a filter', s_filter)

step('quit and start again: tabs come back', s_restart)

with open(os.path.join(WORK, 'times.json'), 'w') as f:
    json.dump(times, f)
