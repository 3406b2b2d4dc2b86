"""The Kings Reverse rule set (KINGS-REVERSE.md): players, hand size and the named options, with
presets.  Every option is checked when the rule set is built; a bad one raises
:class:`~kc_tui.core.errors.RuleError` with the sentence to show."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from types import MappingProxyType
from typing import Any, Mapping

from ....core.errors import RuleError
from ....core.i18n import N_, Domain

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["ReverseRules", "PRESETS", "PRESET_NOTES", "OPTION_NAMES", "build_rules", "RuleError",
           "preset_name", "reverse_rules_label"]


@dataclass(frozen=True, slots=True)
class ReverseRules:
    """One Kings Reverse rule set.  Field names are the option names of KINGS-REVERSE.md."""

    players: int = 4
    """2 to 6 (KR2)."""
    hand_size: int = 10
    """Cards dealt to each player, 5 to 12 (KR2)."""
    jokers: bool = True
    """Four jokers in the deck (KR1); off: 104 cards and no joker rule."""
    ace_of_spades: bool = True
    """The Ace of spades hands out cards (KR4)."""
    one_card_call: bool = True
    """A player left with one card must call "one card" (KR5)."""
    joker_challenge: bool = False
    """A joker may be bluffed and challenged (KR6)."""
    target: int = 500
    """The session ends after a round in which someone reaches this score (KR7)."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise RuleError(_("Kings Reverse is for 2 to 6 players, not {n}.").format(n=self.players))
        if not 5 <= self.hand_size <= 12:
            raise RuleError(_("The hand size is 5 to 12 cards, not {n}.").format(n=self.hand_size))
        if not 1 <= self.target <= 100_000:
            raise RuleError(_("The target is 1 to 100000 points, not {n}.").format(n=self.target))
        for name in ("jokers", "ace_of_spades", "one_card_call", "joker_challenge"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(_("The option {name} is on or off, not {value!r}.").format(
                    name=name, value=getattr(self, name)))
        if self.joker_challenge and not self.jokers:
            # KR1: without jokers every joker rule is off.
            object.__setattr__(self, "joker_challenge", False)

    @property
    def deck_size(self) -> int:
        """108 cards with jokers, 104 without (KR1)."""
        return 108 if self.jokers else 104

    def as_dict(self) -> dict[str, Any]:
        """The options as the transcript's ``rules`` object (players included)."""
        return asdict(self)

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> ReverseRules:
        """Read :meth:`as_dict` back; unknown names are refused."""
        unknown = set(d) - set(OPTION_NAMES) - {"players"}
        if unknown:
            raise RuleError(_("Kings Reverse has no option {name!r}; the options are {options}.").format(
                name=sorted(unknown)[0], options=", ".join(OPTION_NAMES)))
        return ReverseRules(**dict(d))


OPTION_NAMES: tuple[str, ...] = (
    "hand_size", "jokers", "ace_of_spades", "one_card_call", "joker_challenge", "target",
)
"""Every option that ``--rule NAME=VALUE`` may set."""

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "standard": MappingProxyType({}),
    "classic": MappingProxyType({"jokers": False}),
    "bluff": MappingProxyType({"joker_challenge": True}),
    "quick": MappingProxyType({"hand_size": 7, "target": 200}),
})
"""Named rule sets: the options each changes from the defaults."""

_PRESET_NAMES = {
    # Translators: the names of the rule presets, on the new-game form and in the rules' title.
    "standard": N_("standard"), "classic": N_("classic"), "bluff": N_("bluff"), "quick": N_("quick"),
}


def preset_name(preset: str) -> str:
    """A preset's name in the language being served (one this game does not have, as it is)."""
    return _(_PRESET_NAMES[preset]) if preset in _PRESET_NAMES else preset


PRESET_NOTES: Mapping[str, str] = MappingProxyType({
    "standard": N_("every default: 10 cards, jokers, the Ace of spades gives cards, the one-card call, "
                   "no challenge, target 500"),
    "classic": N_("104 cards, no jokers (the rules as they stood before 2015)"),
    "bluff": N_("jokers may be bluffed and challenged (KR6)"),
    "quick": N_("7 cards each and a target of 200"),
})
"""What each preset changes, in words: msgids, said with the catalog's ``_`` where shown."""

OPTION_NOTES: Mapping[str, str] = MappingProxyType({
    "hand_size": N_("cards dealt to each player: 5 to 12 (10)"),
    "jokers": N_("four jokers in the deck: on or off (on)"),
    "ace_of_spades": N_("the Ace of spades hands out cards: on or off (on)"),
    "one_card_call": N_('a player left with one card must call "one card": on or off (on)'),
    "joker_challenge": N_("a joker may be bluffed and challenged: on or off (off)"),
    "target": N_("the score that ends the session: 1 to 100000 (500)"),
})
"""What each option does, with its values and default (KR1 to KR7), in words: msgids, said with
the catalog's ``_`` where shown."""


def _option_value(name: str, value: Any) -> Any:
    if name in ("hand_size", "target"):
        if isinstance(value, bool):
            raise RuleError(_("The option {name} is a number, not {value!r}.").format(name=name, value=value))
        try:
            return int(value)
        except (TypeError, ValueError):
            raise RuleError(_("The option {name} is a number, not {value!r}.").format(
                name=name, value=str(value)[:20])) from None
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("on", "true", "yes", "1"):
        return True
    if word in ("off", "false", "no", "0"):
        return False
    raise RuleError(_("The option {name} is on or off, not {value!r}.").format(
        name=name, value=str(value)[:20]))


def build_rules(players: int, preset: str = "standard", /, **options: Any) -> ReverseRules:
    """The rule set of ``preset`` for ``players``, with ``options`` (name -> value, words such as
    "on"/"off" accepted) changed.  Raises :class:`RuleError` naming what is wrong."""
    if preset not in PRESETS:
        raise RuleError(_("There is no Kings Reverse preset {name!r}; the presets are {presets}.").format(
            name=preset[:20], presets=", ".join(PRESETS)))
    rules = replace(ReverseRules(players=players), **PRESETS[preset])
    changes = {}
    for name, value in options.items():
        if name not in OPTION_NAMES:
            raise RuleError(_("Kings Reverse has no option {name!r}; the options are {options}.").format(
                name=name[:30], options=", ".join(OPTION_NAMES)))
        changes[name] = _option_value(name, value)
    return replace(rules, **changes)


def reverse_rules_label(rules: ReverseRules, named: bool = True) -> str:
    """The rules in a few words, as the lobby lists a table: the game's name first, unless not
    ``named`` (a list that names the game already), in the language of whoever is served when it
    is called."""
    parts = [_("Kings Reverse, {n} cards each").format(n=rules.hand_size) if named
             else _("{n} cards each").format(n=rules.hand_size)]
    changes = ((not rules.jokers, N_("no jokers")),
               (not rules.ace_of_spades, N_("the Ace of spades gives nothing")),
               (not rules.one_card_call, N_('no "one card" call')),
               (rules.jokers and rules.joker_challenge, N_("jokers may be challenged")))
    parts += [_(words) for changed, words in changes if changed]
    parts.append(_("to {target}").format(target=rules.target))
    return ", ".join(parts)
