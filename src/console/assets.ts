import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * The console's only static files: one stylesheet and one small script, kept here as text so the
 * build needs no copying step. Each is served under a name holding its content hash (cached for a
 * year) and gzip-compressed when the browser accepts it.
 */

const CSS = `:root{--fg:#1a1d21;--muted:#4a5260;--bg:#fff;--panel:#f4f6f8;--line:#c9d0d8;--accent:#0b5cad;--ok:#13653a;--bad:#a1261b;--test:#7a4b00;--testbg:#fff3d6;--livebg:#e3f1e8;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45;color:var(--fg);background:var(--bg)}
*{box-sizing:border-box}body{margin:0}
a{color:var(--accent)}a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:9}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.75rem 1rem;border-bottom:1px solid var(--line);background:var(--panel)}
.brand a{font-weight:700;text-decoration:none;color:var(--fg);font-size:1.1rem}
.mode{margin:0;padding:.2rem .6rem;border-radius:1rem;font-weight:600;font-size:.9rem}
.mode-live{background:var(--livebg);color:var(--ok)}.mode-test{background:var(--testbg);color:var(--test)}
.prefix{font-family:ui-monospace,monospace;font-weight:400}
.signout{margin-left:auto}
nav{flex-basis:100%}nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
nav a{display:block;padding:.35rem .7rem;border-radius:.3rem;text-decoration:none}
nav a[aria-current=page]{background:var(--accent);color:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
form.stack{display:grid;gap:.75rem;max-width:36rem}
fieldset{border:1px solid var(--line);border-radius:.4rem;padding:.75rem;display:grid;gap:.6rem}
label{display:grid;gap:.2rem;font-weight:600}label .hint{font-weight:400;color:var(--muted);font-size:.9rem}
input,select,button{font:inherit;padding:.45rem .6rem;border:1px solid #7b8594;border-radius:.3rem;background:#fff;color:var(--fg);min-height:2.5rem}
input[type=checkbox]{min-height:auto}
button{background:var(--accent);border-color:var(--accent);color:#fff;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:var(--accent)}button.danger{background:var(--bad);border-color:var(--bad)}
.inline{display:inline-flex;flex-wrap:wrap;gap:.4rem;align-items:end;margin:0}
.filters{display:flex;flex-wrap:wrap;gap:.6rem;align-items:end}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{background:var(--panel)}
code,.mono{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
.notice{padding:.75rem 1rem;border-radius:.4rem;margin:0 0 1rem;border:1px solid var(--line)}
.notice p{margin:.2rem 0}.notice.error{border-color:var(--bad);background:#fdecea;color:#6e160e}
.notice.ok{border-color:var(--ok);background:var(--livebg)}.notice.empty{background:var(--panel)}
.empty{padding:1rem;border:1px dashed var(--line);border-radius:.4rem;color:var(--muted)}
.valid{color:var(--ok);font-weight:700}.invalid{color:var(--bad);font-weight:700}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem}
.card{border:1px solid var(--line);border-radius:.5rem;padding:1rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:0}dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
meter,progress{width:100%;height:1.25rem}
.chart{width:100%;height:auto;max-height:16rem}.chart rect{fill:var(--accent)}.chart text{font-size:9px;fill:var(--muted)}
.chart .axis{stroke:var(--fg)}.chart .grid{stroke:var(--line);stroke-width:.5}.chart .axis-title{font-size:10px;fill:var(--fg)}
figure{margin:0}figcaption{color:var(--muted);font-size:.9rem}td.number{text-align:right;font-variant-numeric:tabular-nums}
.country{color:var(--muted);font-size:.9em}ul.sources{margin:.2rem 0 .5rem;padding-left:1.2rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.secret{font-family:ui-monospace,monospace;background:var(--panel);padding:.5rem;border-radius:.3rem;overflow-wrap:anywhere;display:block}
pre{background:var(--panel);padding:.75rem;overflow:auto;max-height:20rem;font-size:.85rem}
.state-operational{color:var(--ok)}.state-degraded{color:var(--test)}.state-down{color:var(--bad)}
@media (max-width:40rem){.top{padding:.5rem}main{padding:.75rem}th,td{padding:.3rem}.signout{margin-left:0}}
`;

const JS = `(function(){
document.addEventListener('submit',function(e){var f=e.target;var q=f.getAttribute('data-confirm');if(q&&!window.confirm(q))e.preventDefault();});
document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[data-copy]');if(!b)return;var t=document.getElementById(b.getAttribute('data-copy'));if(t&&navigator.clipboard){navigator.clipboard.writeText(t.textContent.trim());b.textContent='Copied';}});
var live=document.querySelector('[data-progress-url]');
if(live){
var tick=function(){fetch(live.getAttribute('data-progress-url'),{credentials:'same-origin'}).then(function(r){return r.text();}).then(function(t){var d=new DOMParser().parseFromString(t,'text/html');var n=d.querySelector('[data-progress-url]');if(!n){location.reload();return;}live.innerHTML=n.innerHTML;if(n.getAttribute('data-done')==='true'){live.setAttribute('data-done','true');return;}setTimeout(tick,1000);}).catch(function(){setTimeout(tick,3000);});};
if(live.getAttribute('data-done')!=='true')setTimeout(tick,1000);}
})();
`;

export interface Asset {
  path: string;
  type: string;
  body: Buffer;
  gzip: Buffer;
}

function asset(name: string, extension: string, type: string, text: string): Asset {
  const body = Buffer.from(text);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return {
    path: `/console/assets/${name}.${hash}.${extension}`,
    type,
    body,
    gzip: gzipSync(body, { level: 9 }),
  };
}

export const ASSETS: readonly Asset[] = [
  asset('console', 'css', 'text/css; charset=utf-8', CSS),
  asset('console', 'js', 'text/javascript; charset=utf-8', JS),
];

export const ASSET_PATHS = { css: ASSETS[0].path, js: ASSETS[1].path };

/**
 * /favicon.ico: a 32×32 PNG (a white check mark on the console's accent blue) in an ICO container,
 * which every browser reads.
 */
export const FAVICON = {
  path: '/favicon.ico',
  type: 'image/x-icon',
  body: Buffer.from(
    'AAABAAEAICAAAAEAIABEAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAQtJREFUeNpjYEAD3DFr/9MSM+ACtLYYr0PobTmGIwbUAQNlOdwRow4Ytg6Qy9z8f9HBB2AMYtPdAQeuvvoPAyBH0NUBK489+o8M6OqASdtuoVh+/cmn//JZW+jjgOrll1Esf/fl53+zyj30SYQpM07/Rwe+HYcpywW6xTvAmJAhIIvQAchBFGXDnLnn4IaVLLqA0wBQEIOCGhmAooLicmDbuWcohmJzBChxgRIZMgAlQqoURMghgMsRyHkdBEDZj6olIchCXI5Az+sgx9CkKMbmCFLzOsXZEJsjSMnrVCkHcDmCmLxOtYII3RHE5nWqloSg3AHKoiB6tEEy6oAh3zcYPF2zAe+cDmT3HACin7UVLe9U+AAAAABJRU5ErkJggg==',
    'base64',
  ),
} as const;
