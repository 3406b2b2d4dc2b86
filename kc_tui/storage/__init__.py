"""What the game keeps on disk, with no UI: the folders it keeps them in (``paths``), the file
operations they share (``files``: atomic writes, durable appends, locks, bounded reads), saved
games with their schema and migrations (``saves``; what is said of one: ``saved``), the settings
(``settings``), the finished sessions' transcripts and the statistics read from them
(``records``).  What differs from game to game is each game's ``saves`` part (``game``: the type
it has, and what it may ask of the saver)."""

from .files import (
    FileLocked,
    UnreadableFile,
    append_synced,
    delete_locked,
    lock_file,
    read_bytes,
    read_text,
    unlock_all,
    unlock_file,
    write_atomic,
)
from .part import (
    Bars,
    GameSaves,
    Saver,
    game_saves_dir,
    game_title,
    game_titles,
    game_transcripts_dir,
    saves_part,
)
from .paths import config_dir, data_dir, saves_dir, settings_path, transcripts_dir
from .records import (
    Recorder,
    bar_chart,
    games_report_bars,
    games_report_text,
    games_stats_dict,
    keep_transcript,
    read_records,
)
from .saves import (
    KEEP_SAVES,
    SCHEMA_VERSION,
    AutoSaver,
    Restored,
    SaveError,
    SaveInfo,
    claim_new_save,
    delete_save,
    is_open_elsewhere,
    list_saves,
    load_save,
    lock_save,
    new_save_path,
    prune_saves,
    read_document,
    resume_saving,
    save_info,
    start_saving,
    unlock_save,
)
from .settings import (
    CARD_STYLES,
    PACES,
    THEMES,
    Settings,
    SettingsError,
    load_settings,
    save_settings,
    settings_toml,
)

__all__ = [
    "FileLocked", "UnreadableFile", "append_synced", "delete_locked", "lock_file", "read_bytes", "read_text",
    "unlock_all", "unlock_file", "write_atomic",
    "config_dir", "data_dir", "saves_dir", "settings_path", "transcripts_dir",
    "SCHEMA_VERSION", "AutoSaver", "Restored", "SaveError", "SaveInfo", "delete_save", "is_open_elsewhere",
    "list_saves", "load_save", "lock_save", "new_save_path", "read_document", "resume_saving", "save_info",
    "start_saving", "unlock_save", "KEEP_SAVES", "prune_saves",
    "CARD_STYLES", "PACES", "THEMES", "Settings", "SettingsError", "load_settings", "save_settings",
    "settings_toml",
    "Bars", "GameSaves", "Saver", "game_saves_dir", "game_title", "game_titles", "game_transcripts_dir",
    "saves_part",
    "claim_new_save",
    "Recorder", "bar_chart", "games_report_bars", "games_report_text", "games_stats_dict", "keep_transcript",
    "read_records",
]
