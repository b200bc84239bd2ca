"""`orbis learn` opens the app on the walkthrough."""

from __future__ import annotations

from pathlib import Path

from orbis_tui import cli, i18n


def test_orbis_learn_runs_the_walkthrough(monkeypatch, tmp_path: Path):
    calls = []

    def fake_run_learn(data_dir, *, restart=False, language=None):
        calls.append((data_dir, restart, language))
        return 0

    import orbis_tui.tui.learn_app as learn_app

    monkeypatch.setattr(learn_app, "run_learn", fake_run_learn)
    assert cli.main(["learn", "--data-dir", str(tmp_path)]) == 0
    assert cli.main(["learn", "--restart"]) == 0
    assert cli.main(["learn", "--lang", "de"]) == 0
    assert calls == [(tmp_path, False, None), (None, True, None), (None, False, "de")]


def test_orbis_learn_is_listed_in_the_help(capsys):
    parser = cli.build_parser()
    assert "learn" in parser.format_help()


def test_run_learn_opens_the_walkthrough_app_in_the_language_asked(monkeypatch, tmp_path: Path):
    import orbis_tui.tui.app as app_module
    from orbis_tui.tui.learn_app import LearnApp, run_learn

    opened = []

    def fake_run(app, **_options):
        opened.append(app)
        return 0

    monkeypatch.setattr(app_module, "run_keeping_folder", fake_run)
    assert run_learn(tmp_path, restart=True, language="ru") == 0
    (app,) = opened
    assert isinstance(app, LearnApp) and app.restart_walkthrough
    assert i18n.language() == "ru"


def test_run_learn_opens_the_walkthrough_app_holding_the_data_folder(monkeypatch, tmp_path: Path):
    import orbis_tui.tui.learn_app as learn_app

    opened = []

    def fake_run(self, *, headless=False):
        opened.append((type(self).__name__, self.store.root, self.lock.state.name))
        return None

    monkeypatch.setattr(learn_app.LearnApp, "run", fake_run)
    assert learn_app.run_learn(tmp_path, restart=True) == 0
    assert opened == [("LearnApp", tmp_path, "HELD")]
