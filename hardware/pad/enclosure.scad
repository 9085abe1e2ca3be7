// Tien Gow Table seat pad enclosure: a sloped box with six button holes, an OLED window,
// an LED light pipe, a buzzer grille, a USB slot and the PN532's tap zone marked on the lid.
// Render: `make -C hardware/pad` (openscad -o pad-enclosure.stl enclosure.scad).
// All sizes in millimetres. Print in PETG, 0.2 mm layers, lid face down, no supports.

part = "both";          // "base", "lid" or "both" (laid side by side for one print)
wall = 2.0;
outer = [140, 80];      // footprint
h_front = 18;           // height at the player's edge
h_back = 30;            // height at the far edge (the lid slopes toward the player)
corner = 6;
button_d = 12.4;        // 12 mm tactile switch caps (see BOM)
button_pitch = 20;
oled_window = [27, 15]; // the 0.96" SSD1306 active area
oled_pcb = [27.5, 27.8];
led_d = 5.2;            // light pipe over the WS2812
usb = [10, 4.5];        // the dev board's Micro-USB plug
screw_d = 2.8;          // M3 self-tapping into the bosses
lid_t = 2.4;

module rounded_box(size, r) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2], $fn = 32);
}

module wedge(inset = 0) {
    // the outer shape: a rounded footprint cut by the sloped top plane
    intersection() {
        translate([inset, inset, inset])
            rounded_box([outer[0] - 2 * inset, outer[1] - 2 * inset, h_back], corner - inset);
        slope_cut(-inset);
    }
}

module slope_cut(dz) {
    // everything under the plane through (y=0, z=h_front) and (y=outer.y, z=h_back)
    polyhedron(
        points = [[-1, -1, -1], [outer[0] + 1, -1, -1], [outer[0] + 1, outer[1] + 1, -1],
                  [-1, outer[1] + 1, -1], [-1, -1, h_front + dz],
                  [outer[0] + 1, -1, h_front + dz], [outer[0] + 1, outer[1] + 1, h_back + dz],
                  [-1, outer[1] + 1, h_back + dz]],
        faces = [[0, 1, 2, 3], [4, 7, 6, 5], [0, 4, 5, 1], [1, 5, 6, 2], [2, 6, 7, 3],
                 [3, 7, 4, 0]]);
}

module above_plane(dz) {
    difference() {
        translate([-1, -1, -1]) cube([outer[0] + 2, outer[1] + 2, 200]);
        slope_cut(dz);
    }
}

function top_z(y) = h_front + (h_back - h_front) * y / outer[1];
slope = atan((h_back - h_front) / outer[1]);

module on_lid(x, y) {
    translate([x, y, top_z(y)]) rotate([slope, 0, 0]) children();
}

boss_xy = [[8, 8], [outer[0] - 8, 8], [8, outer[1] - 8], [outer[0] - 8, outer[1] - 8]];

module base() {
    difference() {
        union() {
            difference() {
                wedge();
                wedge(wall);
                above_plane(-lid_t);  // the top lid_t under the slope is the lid's
            }
            for (p = boss_xy)
                translate([p[0], p[1], 0]) cylinder(d = 6.5, h = top_z(p[1]) - lid_t - 0.5, $fn = 24);
        }
        for (p = boss_xy) translate([p[0], p[1], wall]) cylinder(d = screw_d, h = 40, $fn = 16);
        // USB slot in the back wall, centred, 6 mm above the floor
        translate([outer[0] / 2 - usb[0] / 2, outer[1] - wall - 1, wall + 6])
            cube([usb[0], wall + 2, usb[1]]);
        // buzzer grille in the right wall
        for (i = [0:3]) translate([outer[0] - wall - 1, 30 + i * 5, wall + 5]) cube([wall + 2, 2, 8]);
    }
}

module lid() {
    difference() {
        intersection() { wedge(); difference() { slope_cut(0); slope_cut(-lid_t); } }
        // six buttons in one row near the player
        for (i = [0:5])
            on_lid(outer[0] / 2 + (i - 2.5) * button_pitch, 20) cylinder(d = button_d, h = 20, center = true, $fn = 40);
        // OLED window, centred, and the LED light pipe beside it
        on_lid(outer[0] / 2, 52) cube([oled_window[0], oled_window[1], 20], center = true);
        on_lid(outer[0] / 2 + 30, 52) cylinder(d = led_d, h = 20, center = true, $fn = 24);
        for (p = boss_xy) on_lid(p[0], p[1]) cylinder(d = 3.4, h = 20, center = true, $fn = 16);
    }
    // the PN532 sits under the left part of the lid: mark the tap zone with a shallow ring
    on_lid(22, 52) difference() {
        cylinder(d = 30, h = 0.6, $fn = 64);
        cylinder(d = 28, h = 2, center = true, $fn = 64);
    }
}

if (part == "base" || part == "both") base();
if (part == "lid") lid();
if (part == "both") translate([0, outer[1] + 10, h_back]) rotate([180 - slope, 0, 0]) translate([0, -outer[1], 0]) lid();
