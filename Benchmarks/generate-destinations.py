#!/usr/bin/env python3
"""Write N synthetic destinations as <out>/<slug>/index.md. Deterministic for a given seed and N.

Usage: generate-destinations.py OUT N SEED (compare-hugo.sh, apply-window.sh). README.md there
describes what each destination holds.
"""
import datetime
import os
import random
import sys

if len(sys.argv) != 4 or not sys.argv[2].isdigit() or not sys.argv[3].lstrip("-").isdigit():
    sys.exit("usage: generate-destinations.py OUT N SEED  (N destinations into the folder OUT, seed SEED)")
out, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed * 1_000_003 + count)

# Real anchors (city centres, degrees WGS 84); each destination is jittered around one of them.
ANCHORS = [
    ("Bergen", 60.3913, 5.3221), ("Trondheim", 63.4305, 10.3951), ("Tromsø", 69.6492, 18.9553),
    ("Reykjavík", 64.1466, -21.9426), ("Edinburgh", 55.9533, -3.1883), ("Lisbon", 38.7223, -9.1393),
    ("Kraków", 50.0647, 19.9450), ("Québec", 46.8139, -71.2080), ("Denver", 39.7392, -104.9903),
    ("Santa Fe", 35.6870, -105.9378), ("Flagstaff", 35.1983, -111.6513), ("Monterey", 36.6002, -121.8947),
    ("Hobart", -42.8821, 147.3272), ("Queenstown", -45.0312, 168.6626), ("Valparaíso", -33.0472, -71.6127),
    ("Cape Town", -33.9249, 18.4241), ("Kyoto", 35.0116, 135.7681), ("Suva", -18.1248, 178.4501),
]
ADJECTIVES = ["Silver", "Northern", "Quiet", "Windy", "Golden", "Hidden", "Upper", "Lower", "Old",
              "Red", "Green", "Stony", "Misty", "Long", "Little", "High", "Sunny", "Frozen"]
NOUNS = ["Harbour", "Ridge", "Falls", "Valley", "Point", "Crossing", "Lake", "Bay", "Pass", "Meadow",
         "Cove", "Bridge", "Mill", "Spring", "Canyon", "Island", "Summit", "Lighthouse"]
KINDS = ["viewpoint", "museum", "food", "heritage", "nature", "transport", "village"]
WORDS = ("road morning coffee map ferry bridge tunnel coast mountain river valley lake town village "
         "harbour boat fish bakery museum church tower trail summit view light rain sun wind snow "
         "evening night camp tent car fuel stop detour hairpin ridge forest meadow beach rock island "
         "market street square cafe guide ticket queue walk climb drive wait rest lunch dinner").split()


def sentence(low=8, high=16):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    i = rng.randrange(len(words))
    words[i] = f"*{words[i]}*"            # emphasis
    if rng.random() < 0.3:
        j = rng.randrange(len(words))
        words[j] = f"**{words[j]}**"      # strong
    if rng.random() < 0.25:
        words.insert(rng.randrange(1, len(words)), "--")   # smart-punctuation dash
    text = " ".join(words)
    first = next(i for i, c in enumerate(text) if c.isalpha())
    return text[:first] + text[first].upper() + text[first + 1:] + "."


def paragraph(sentences):
    return " ".join(sentence() for _ in range(sentences))


os.makedirs(out, exist_ok=True)
start = datetime.date(2025, 1, 1)
for index in range(1, count + 1):
    slug = f"dest-{index:05d}"
    name, anchor_lat, anchor_lon = rng.choice(ANCHORS)
    latitude = round(anchor_lat + rng.uniform(-0.5, 0.5), 6)
    longitude = round((anchor_lon + rng.uniform(-0.5, 0.5) + 540) % 360 - 180, 6)
    title = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} {index}"
    lines = [
        "---",
        f'title: "{title}"',
        f'subtitle: "Near {name}"',
        f"latitude: {latitude}",
        f"longitude: {longitude}",
        f"date: {(start + datetime.timedelta(days=index % 365)).isoformat()}",
        f"order: {index}",
        f"tags: [synthetic, {rng.choice(KINDS)}]",
        f"weather: https://www.yr.no/en/search?q={slug}",
        "events:",
        f'  - title: "Festival {index}"',
        f"    url: https://example.org/events/{slug}",
        "pois:",
    ]
    for p in range(1, 6):
        lines += [
            f'  - title: "{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"',
            f'    subtitle: "Stop {p} of {title}"',
            f"    latitude: {round(latitude + rng.uniform(-0.02, 0.02), 6)}",
            f"    longitude: {round((longitude + rng.uniform(-0.04, 0.04) + 540) % 360 - 180, 6)}",
            f"    category: {rng.choice(KINDS)}",
        ]
    lines += ["---", ""]
    body = [
        paragraph(3), "",
        f"## Getting to {title}", "",
        paragraph(3), "",
        *[f"- {sentence(5, 9)}" for _ in range(4)], "",
        f'The guide called it "the best {rng.choice(WORDS)} on the {rng.choice(WORDS)}" -- '
        f"see [the notes](https://example.org/notes/{slug}) and the [previous stop](../dest-{max(index - 1, 1):05d}/).", "",
        "### Practical notes", "",
        *[f"{k}. {sentence(5, 9)}" for k in range(1, 4)], "",
        paragraph(5), "",
    ]
    directory = os.path.join(out, slug)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "index.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines + body))
