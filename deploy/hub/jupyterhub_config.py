"""A Cardavia class on one JupyterHub machine: what ``make test-hub`` starts, and a starting point for a school.

Read from the environment (the deployment's secrets stay out of this file):

- ``CARDAVIA_HUB_DATA``: a folder for the hub's own database and cookie secret;
- ``CARDAVIA_HUB_TEACHERS``: the teachers' hub user names, comma-separated (everyone else is a student);
- ``CARDAVIA_STUDENT_STORE`` and ``CARDAVIA_TEACHER_STORE``: the store's URL with each role's login, as
  ``python -m cardavia_nb.store.roles`` created them (students' servers never see the teachers' URL);
- ``CARDAVIA_TEACHER_KEY``: the key of the teacher's board (only its hash reaches the teachers' servers);
- ``CARDAVIA_PAGES``: the folder holding ``notebooks/`` and ``voila.json`` (default: this checkout);
- ``CARDAVIA_HUB_PORT``, ``CARDAVIA_HUB_API_PORT``, ``CARDAVIA_PROXY_API_PORT``: the ports (8000, 8081, 8001);
- ``CARDAVIA_PROXY``: the ``configurable-http-proxy`` program (``make test-hub`` installs it from npm);
- ``CARDAVIA_HUB_PASSWORD``: for a test only, every user's password (JupyterHub's dummy authenticator);
  without it the hub keeps its default authenticator (the machine's own accounts), or set yours below;
- ``CARDAVIA_IDLE_MINUTES``: servers with no activity for this long are stopped (default 60).
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub defines it when it loads this file)
sys.path.insert(0, str(Path(__file__).parent))
from cardavia_spawn import ClassHub, apply  # noqa: E402

here = Path(__file__).resolve().parent
data = Path(os.environ.get("CARDAVIA_HUB_DATA", here / "data"))
data.mkdir(mode=0o700, parents=True, exist_ok=True)
programs = Path(sys.executable).parent

c.JupyterHub.bind_url = f"http://127.0.0.1:{os.environ.get('CARDAVIA_HUB_PORT', '8000')}"
c.JupyterHub.hub_port = int(os.environ.get("CARDAVIA_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('CARDAVIA_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [os.environ.get("CARDAVIA_PROXY", "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{data / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(data / "cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(data / "proxy.pid")

teachers = frozenset(n for n in os.environ.get("CARDAVIA_HUB_TEACHERS", "").split(",") if n)
apply(c, ClassHub(teachers=teachers, student_store=os.environ["CARDAVIA_STUDENT_STORE"],
                  teacher_store=os.environ["CARDAVIA_TEACHER_STORE"], teacher_key=os.environ["CARDAVIA_TEACHER_KEY"],
                  pages=os.environ.get("CARDAVIA_PAGES", str(here.parent.parent)), bin=str(programs)))

# each person's server a process of this machine's, run as the hub's own user, in a folder of its own
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(data / "home" / "{username}")
if os.geteuid() == 0:  # a test machine or a container run as root: Jupyter's server refuses root without it
    c.Spawner.args = ["--allow-root"]
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60

if os.environ.get("CARDAVIA_HUB_PASSWORD"):
    c.JupyterHub.authenticator_class = "dummy"
    c.DummyAuthenticator.password = os.environ["CARDAVIA_HUB_PASSWORD"]
    c.Authenticator.allow_all = True

# servers nobody uses are stopped; a student's open game is in the store and comes back at the next visit
c.JupyterHub.services = [{"name": "idle-culler", "command": [
    sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={60 * int(os.environ.get('CARDAVIA_IDLE_MINUTES', '60'))}"]}]
c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
                            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}]
